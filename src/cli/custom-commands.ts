/**
 * Custom slash commands: Markdown files in `$QUIVER_HOME/commands/` and the project's
 * `.quiver/commands/` (the project's wins on a clash; built-in commands win over both). `/name
 * args` sends the file's body with `$ARGUMENTS` replaced by the whole argument text and `$1`…`$9`
 * by the words (quotes group words). They are prompts, not code: nothing runs until the model does.
 */
import { join } from "node:path";
import { readDefinitions, stringAttr } from "../agent/markdown-defs.js";
import { quiverPath } from "../registry/index.js";
import { findProjectRoot } from "../safety/project-root.js";

export interface CustomCommand {
  name: string;
  description: string;
  /** Front matter `argument-hint`, shown by /help. */
  argumentHint: string | undefined;
  body: string;
  file: string;
}

export async function loadCustomCommands(cwd = process.cwd()): Promise<CustomCommand[]> {
  const dirs = [
    { dir: quiverPath("commands"), source: "user" },
    { dir: join(findProjectRoot(cwd), ".quiver", "commands"), source: "project" },
  ];
  return (await readDefinitions(dirs, "flat")).map((def) => ({
    // The file's name, as Claude Code names its commands.
    name: def.file.slice(def.file.lastIndexOf("/") + 1, -".md".length),
    description: stringAttr(def, "description") ?? firstLine(def.body),
    argumentHint: stringAttr(def, "argument-hint"),
    body: def.body.trim(),
    file: def.file,
  }));
}

/** The body with `$ARGUMENTS` and `$1`…`$9` filled in from `args`. */
export function expandCommand(body: string, args: string): string {
  const words = splitWords(args);
  return body.replace(/\$ARGUMENTS\b/g, () => args.trim()).replace(/\$([1-9])(?![0-9])/g, (_, n: string) => words[Number(n) - 1] ?? "");
}

/** `/name args` when `name` is a custom command: the text to send; else undefined. */
export function customCommandText(line: string, commands: readonly CustomCommand[]): string | undefined {
  const match = /^\/(\S+)\s*([\s\S]*)$/.exec(line.trim());
  if (match === null) return undefined;
  const command = commands.find((c) => c.name === match[1]);
  return command === undefined ? undefined : expandCommand(command.body, match[2] ?? "");
}

function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const m of text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) words.push(m[1] ?? m[2] ?? m[3] ?? "");
  return words;
}

function firstLine(body: string): string {
  const line = body.trim().split("\n")[0] ?? "";
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
