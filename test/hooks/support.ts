/** Shared by the hook tests: hook scripts as files, config.yaml with hooks, results of calls. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";

/** A Node hook script in `dir` whose body sees `input` (the event, parsed) and may use `fs`; returns the command to configure. */
export function nodeHook(dir: string, name: string, body: string): string {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, `import fs from "node:fs";\nconst input = JSON.parse(fs.readFileSync(0, "utf8"));\n${body}\n`);
  return `"${process.execPath}" "${file}"`;
}

/** One event's hook list in Claude Code's layout. */
export function hookEntry(matcher: string | undefined, command: string, timeout?: number): Record<string, unknown> {
  return { ...(matcher === undefined ? {} : { matcher }), hooks: [{ type: "command", command, ...(timeout === undefined ? {} : { timeout }) }] };
}

/** Writes config.yaml (JSON is YAML) into `home` with the sandbox off, so results do not depend on bwrap. */
export function writeConfig(home: string, config: Record<string, unknown>): void {
  writeFileSync(join(home, "config.yaml"), JSON.stringify({ sandbox: { mode: "off" }, ...config }, null, 2));
}

export function textOf(result: unknown): string {
  const content = (result as { content?: Array<{ type: string; text?: string }> }).content ?? [];
  return content.map((c) => c.text ?? "").join("");
}
