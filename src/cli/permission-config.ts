/**
 * Permission rules from the config files: `$QUIVER_HOME/config.yaml` always, the project's
 * `.quiver/config.yaml` only when the user opted in (like its tools: a cloned repository must
 * not grant itself permissions). Checked when the runtime starts; an approved rule is saved
 * with the yaml Document API so the file's comments and layout survive.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { configPath, type QuiverConfig } from "../config/config.js";
import { allowForSession, parseRules, setPermissionRules } from "../calls/permissions.js";
import { registry } from "../registry/index.js";
import { findProjectRoot } from "../safety/project-root.js";
import type { RuleScopes } from "./approval-prompt.js";
import { CliError } from "./exit-codes.js";

/** The project's config file (only its `permissions:` are read, and only when opted in). */
export function projectConfigPath(cwd = process.cwd()): string {
  return join(findProjectRoot(cwd), ".quiver", "config.yaml");
}

/** Reads and checks every rule; a rule that cannot be read or never matches is a CliError naming it. */
export async function loadPermissionRules(config: QuiverConfig, project: boolean): Promise<void> {
  const known = registry.getAllToolNames();
  try {
    const rules = parseRules(config.permissions, `user config ${configPath()}`, known);
    if (project) {
      const file = projectConfigPath();
      const projectConfig = await readProjectConfig(file);
      rules.push(...parseRules(projectConfig?.permissions, `project config ${file}`, known));
    }
    setPermissionRules(rules);
  } catch (err) {
    throw new CliError(`${(err as Error).message}\nFix the rule in the config file, or remove it.`);
  }
}

export async function readProjectConfig(file: string): Promise<QuiverConfig | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  const { parseConfig } = await import("../config/schema.js");
  return parseConfig(text, file);
}

/** The prompt's rule scopes: this session, or saved (and then in force for this session too). */
export function ruleScopes(): RuleScopes {
  return {
    forSession: (rules) => allowForSession(rules, registry.getAllToolNames()),
    save: async (rules, where) => {
      const file = where === "project" ? projectConfigPath() : configPath();
      await saveAllowRules(file, rules);
      allowForSession(rules, registry.getAllToolNames());
      return file;
    },
  };
}

/** Appends `rules` to `permissions.allow` in `file` (created if missing), keeping the rest of the file as it was. */
export async function saveAllowRules(file: string, rules: readonly string[]): Promise<void> {
  const { parseDocument, isSeq } = await import("yaml");
  let text = "";
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw new Error(`${file} is not valid YAML (${doc.errors[0]!.message}); fix it first`);
  const list = doc.getIn(["permissions", "allow"]);
  if (isSeq(list)) {
    const have = new Set(list.items.map((item) => String((item as { value?: unknown }).value ?? item)));
    for (const rule of rules) if (!have.has(rule)) list.add(doc.createNode(rule));
  } else {
    doc.setIn(["permissions", "allow"], doc.createNode([...rules]));
  }
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, doc.toString(), { mode: 0o600 });
}
