/**
 * Markdown files with YAML front matter, the format of subagent definitions
 * (`agents/<name>.md`), skills (`skills/<name>/SKILL.md`) and custom commands
 * (`commands/<name>.md`). Read from the user's directory and, when opted in, the project's;
 * a later directory's definition replaces an earlier one of the same name (the project's wins).
 */
import { readdir, readFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { createLogger } from "../registry/index.js";

const log = createLogger("extend");

export interface MarkdownDef {
  /** `name:` of the front matter, else the file's (or the skill directory's) name. */
  name: string;
  file: string;
  /** The front matter, parsed (empty without one). */
  attributes: Record<string, unknown>;
  /** The text after the front matter. */
  body: string;
  /** "user …" or "project …". */
  source: string;
}

export interface DefinitionDir {
  dir: string;
  source: string;
}

/** `flat`: `<dir>/*.md`; `skill`: `<dir>/<name>/SKILL.md`. */
export async function readDefinitions(dirs: readonly DefinitionDir[], layout: "flat" | "skill"): Promise<MarkdownDef[]> {
  const byName = new Map<string, MarkdownDef>();
  for (const { dir, source } of dirs) {
    for (const file of await candidates(dir, layout)) {
      const def = await readDefinition(file, layout, source);
      if (def === undefined) continue;
      if (byName.has(def.name)) log.debug(`${def.name} (${file}) replaces the one in ${byName.get(def.name)!.file}`);
      byName.set(def.name, def);
    }
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

async function candidates(dir: string, layout: "flat" | "skill"): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  if (layout === "flat") return entries.filter((e) => e.isFile() && e.name.endsWith(".md")).map((e) => join(dir, e.name)).sort();
  return entries.filter((e) => e.isDirectory() || e.isSymbolicLink()).map((e) => join(dir, e.name, "SKILL.md")).sort();
}

async function readDefinition(file: string, layout: "flat" | "skill", source: string): Promise<MarkdownDef | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return undefined;
  }
  try {
    const { attributes, body } = await splitFrontMatter(text);
    const fallback = layout === "flat" ? basename(file, ".md") : basename(dirname(file));
    const name = typeof attributes.name === "string" && attributes.name.trim() !== "" ? attributes.name.trim() : fallback;
    return { name, file, attributes, body, source };
  } catch (err) {
    log.warn(`${file}: its front matter is not valid YAML (${(err as Error).message}); skipped`);
    return undefined;
  }
}

/** `---\n<yaml>\n---\n<body>`; text without front matter is all body. */
export async function splitFrontMatter(text: string): Promise<{ attributes: Record<string, unknown>; body: string }> {
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (match === null) return { attributes: {}, body: text };
  const { parse } = await import("yaml");
  const parsed = parse(match[1]!) as unknown;
  const attributes = typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  return { attributes, body: text.slice(match[0].length) };
}

/** A front-matter list: YAML list or a comma-separated string (`tools: read_file, search_files`). */
export function nameList(value: unknown): string[] | undefined {
  if (typeof value === "string") return value.split(",").map((s) => s.trim()).filter((s) => s !== "");
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string").map((s) => s.trim()).filter((s) => s !== "");
  return undefined;
}

export function stringAttr(def: MarkdownDef, key: string): string | undefined {
  const value = def.attributes[key];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}
