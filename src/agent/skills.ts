/**
 * Skills in the open Agent Skills layout: `<name>/SKILL.md` (front matter `name`, `description`)
 * beside optional scripts and references, from `$QUIVER_HOME/skills/` and, opted in, the
 * project's `.quiver/skills/` and `.claude/skills/`. Only names and descriptions go into the
 * system prompt; the `skill` tool hands over a body when the model decides it needs it, and the
 * skill's scripts run through the terminal tool like any command.
 */
import { dirname } from "node:path";
import { registry, toolError, type RegisterOptions } from "../registry/index.js";
import { readDefinitions, stringAttr, type DefinitionDir } from "./markdown-defs.js";

export interface Skill {
  name: string;
  description: string;
  /** The skill's directory: its scripts and references are there. */
  dir: string;
  file: string;
  body: string;
}

export const SKILL_TOOL = "skill";

export async function loadSkills(dirs: readonly DefinitionDir[]): Promise<Skill[]> {
  return (await readDefinitions(dirs, "skill")).map((def) => ({
    name: def.name,
    description: stringAttr(def, "description") ?? `(no description: ${def.file})`,
    dir: dirname(def.file),
    file: def.file,
    body: def.body.trim(),
  }));
}

/** What the system prompt says of the skills: names and descriptions, never bodies. */
export function skillsPrompt(skills: readonly Skill[]): string | undefined {
  if (skills.length === 0) return undefined;
  const lines = skills.map((s) => `- ${s.name}: ${s.description}`);
  return `Skills (load one with the ${SKILL_TOOL} tool when the task calls for it; only then are its instructions known):\n${lines.join("\n")}`;
}

/** Registers the `skill` tool for these skills (none: no tool). */
export function registerSkillTool(skills: readonly Skill[]): void {
  if (skills.length > 0) registry.register(skillTool(skills));
}

export function skillTool(skills: readonly Skill[]): RegisterOptions {
  const byName = new Map(skills.map((s) => [s.name, s]));
  return {
    name: SKILL_TOOL,
    toolset: "skills",
    emoji: "📘",
    readOnly: true,
    schema: {
      description: "Load a skill's instructions by name (the skills are listed in the system prompt). Its scripts and files are in the directory it names.",
      parameters: { type: "object", properties: { name: { type: "string", enum: skills.map((s) => s.name) } }, required: ["name"], additionalProperties: false },
    },
    handler: ({ name }: Record<string, unknown>) => {
      const skill = byName.get(String(name));
      if (skill === undefined) return toolError(`No skill is named ${String(name)}. Skills: ${[...byName.keys()].join(", ")}.`, { error_type: "invalid_arguments" });
      return `Skill ${skill.name} (directory ${skill.dir}: read its files with read_file, run its scripts with the terminal tool)\n\n${skill.body}`;
    },
  };
}
