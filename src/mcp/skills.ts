/**
 * A server's skills (the Skills extension, SEP-2640) for the model: `skills/list` at connect gives
 * names and descriptions, named in the description of `load_skill`; nothing of a skill is read
 * before the model loads it. `load_skill` reads its `SKILL.md` and `read_skill_file` one of its
 * files, each checked against the listing (size, SHA-256, and for SKILL.md the frontmatter) before
 * the model sees a byte of it; a skill whose SKILL.md fails is not loaded, and its files stay shut.
 */
import type { Client, RequestOptions, Tool } from "@modelcontextprotocol/client";
import { ListSkillsResultSchema, skillsCapabilityOf } from "@modelcontextprotocol/core/ext/skills";
import type { Skill } from "@modelcontextprotocol/core/ext/skills";
import { toolError } from "../registry/index.js";
import type { ToolOutput } from "../registry/index.js";
import { bytesOf, frontmatterProblem, integrityProblem } from "./skill-verify.js";
import type { FileEntry } from "./skill-verify.js";

const SKILL_TOOL = "quiver/skill";
const MAX_PAGES = 100;
/** How many skills load_skill's description names. */
const SKILLS_DESCRIBED = 50;

/** One server's listed skills, and which of them the model has loaded (their SKILL.md verified). */
export class SkillShelf {
  #skills: Skill[] = [];
  readonly #loaded = new Set<string>();

  /** A new listing; a skill whose entry changed must be loaded (and verified) again. */
  stock(skills: Skill[]): void {
    const before = new Map(this.#skills.map((s) => [s.frontmatter.name, JSON.stringify(s)]));
    for (const skill of skills) if (before.get(skill.frontmatter.name) !== JSON.stringify(skill)) this.#loaded.delete(skill.frontmatter.name);
    this.#skills = skills;
  }

  tools(server: string): Tool[] {
    return this.#skills.length === 0 ? [] : skillTools(server, this.#skills);
  }

  /** Whether `uri` is a file of a listed skill (then only the verified path may read it). */
  owns(uri: string): boolean {
    return this.#skills.some((s) => s.uri === uri || (Array.isArray(s.resources) && s.resources.some((r) => r.uri === uri)));
  }

  async call(client: Client, tool: string, args: Record<string, unknown>, options: RequestOptions): Promise<ToolOutput> {
    if (tool === "load_skill") return this.#load(client, String(args.name), options);
    return this.readFile(client, String(args.uri), options);
  }

  async #load(client: Client, name: string, options: RequestOptions): Promise<ToolOutput> {
    const skill = this.#skills.find((s) => s.frontmatter.name === name);
    if (skill === undefined) return toolError(`No skill is named ${JSON.stringify(name)}. Skills: ${this.#skills.map((s) => s.frontmatter.name).join(", ")}.`, { error_type: "invalid_arguments" });
    this.#loaded.delete(name);
    const read = await verifiedRead(client, skill, skill.uri, options);
    if (!read.ok) return read.error;
    const problem = frontmatterProblem(read.text, skill.frontmatter);
    if (problem !== undefined) return refused(skill.uri, problem);
    this.#loaded.add(name);
    const files = Array.isArray(skill.resources) ? skill.resources.map((r) => r.uri).filter((uri) => uri !== skill.uri) : [];
    const listing = files.length > 0 ? `\n\nIts files (read one with read_skill_file): ${files.join(", ")}` : "";
    return `Skill ${name} (${skill.uri})${listing}\n\n${read.text}`;
  }

  /** A file of a loaded skill, verified; never a file of a skill not loaded or whose SKILL.md failed. */
  async readFile(client: Client, uri: string, options: RequestOptions): Promise<ToolOutput> {
    const skill = this.#skills.find((s) => s.uri === uri || (Array.isArray(s.resources) && s.resources.some((r) => r.uri === uri)) || (s.resources === "dynamic" && uri.startsWith(directory(s.uri))));
    if (skill === undefined) return toolError(`${uri} is not a file of any skill of this server`, { error_type: "invalid_arguments" });
    if (!this.#loaded.has(skill.frontmatter.name)) return toolError(`Load skill ${skill.frontmatter.name} with load_skill first (its SKILL.md is verified then)`, { error_type: "skill_not_loaded" });
    const read = await verifiedRead(client, skill, uri, options);
    return read.ok ? read.text : read.error;
  }
}

type Verified = { ok: true; text: string } | { ok: false; error: ToolOutput };

/** The file's text once it matches its listing entry (a dynamic skill's files have none to match). */
async function verifiedRead(client: Client, skill: Skill, uri: string, options: RequestOptions): Promise<Verified> {
  const bytes = bytesOf(await client.readResource({ uri }, options), uri);
  if (bytes === undefined) return { ok: false, error: toolError(`The server sent no content for ${uri}`) };
  const entry: FileEntry | undefined = Array.isArray(skill.resources) ? skill.resources.find((r) => r.uri === uri) : undefined;
  if (entry === undefined && skill.resources !== "dynamic") return { ok: false, error: refused(uri, "the listing gives no digest for it") };
  const problem = entry === undefined ? undefined : integrityProblem(bytes, entry);
  return problem === undefined ? { ok: true, text: bytes.toString("utf8") } : { ok: false, error: refused(uri, problem) };
}

function refused(uri: string, problem: string): ToolOutput {
  return toolError(`${uri} failed verification (${problem}); it was not used. The server may have changed or tampered with it.`, { error_type: "skill_verification_failed" });
}

function directory(uri: string): string {
  return uri.slice(0, uri.lastIndexOf("/") + 1);
}

/** Every skill a server offers (none without the extension); listing reads no skill file. */
export async function listAllSkills(client: Client, options: RequestOptions): Promise<Skill[]> {
  if (skillsCapabilityOf(client.getServerCapabilities()) === undefined) return [];
  const skills: Skill[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.request({ method: "skills/list", ...(cursor !== undefined && { params: { cursor } }) }, ListSkillsResultSchema, options);
    skills.push(...result.skills);
    cursor = result.nextCursor;
    if (cursor === undefined) break;
  }
  return skills;
}

function skillTools(server: string, skills: readonly Skill[]): Tool[] {
  const marked = { [SKILL_TOOL]: true };
  const named = skills.slice(0, SKILLS_DESCRIBED).map((s) => `${s.frontmatter.name}: ${s.frontmatter.description}`);
  const readOnly = { readOnlyHint: true, openWorldHint: false };
  return [
    {
      name: "load_skill",
      description: `Load a skill of MCP server "${server}" by name: its instructions and the list of its files. Skills: ${named.join("; ")}.`,
      inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
      annotations: readOnly,
      _meta: marked,
    },
    {
      name: "read_skill_file",
      description: `Read one file of a skill of MCP server "${server}" loaded with load_skill, by the URI load_skill listed.`,
      inputSchema: { type: "object", properties: { uri: { type: "string" } }, required: ["uri"] },
      annotations: readOnly,
      _meta: marked,
    },
  ];
}

export function isSkillTool(tool: Tool | undefined): boolean {
  return tool?._meta?.[SKILL_TOOL] === true;
}
