/**
 * The session's permission mode, decided at the one decision point (permissions.ts) for every tool:
 * - `default`: the rules and the tools' own checks, as they are.
 * - `plan`: read-only tools only. Others are not offered to the model, and refused if called anyway.
 * - `accept-edits`: file writes inside the project run without asking (a rule's `ask` on them is
 *   answered yes); commands, writes elsewhere and the tools' own sensitive-path questions still ask.
 */
import { isAbsolute, relative } from "node:path";
import { registry, toolError, type ToolDefinition } from "../registry/index.js";

export const PERMISSION_MODES = ["default", "plan", "accept-edits"] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

/** The tools that edit files, whose `path` argument accept-edits judges. */
const EDIT_TOOLS: ReadonlySet<string> = new Set(["write_file", "patch"]);

let mode: PermissionMode = "default";

export function isPermissionMode(value: string): value is PermissionMode {
  return (PERMISSION_MODES as readonly string[]).includes(value);
}

/** Sets the mode for this process (`--mode`, `/mode`). */
export function setPermissionMode(next: PermissionMode): void {
  mode = next;
}

export function permissionMode(): PermissionMode {
  return mode;
}

/** Read-only by the registry's own marking: an unknown tool is not. */
function readOnly(name: string): boolean {
  return registry.getEntry(name)?.readOnly === true;
}

/** The definitions a request may offer in this mode. */
export function offeredInMode(definitions: readonly ToolDefinition[]): readonly ToolDefinition[] {
  if (mode !== "plan") return definitions;
  return definitions.filter((d) => readOnly(d.function.name));
}

/** The refusal of a call the mode forbids, else undefined. */
export function modeRefusal(name: string): string | undefined {
  if (mode !== "plan" || readOnly(name)) return undefined;
  return toolError(
    `Plan mode: ${name} was not run. In plan mode only read-only tools run; nothing is written and no command runs. ` +
      "Propose the change instead (which files, what edits, which commands); the user leaves plan mode with /mode default or /mode accept-edits.",
    { error_type: "plan_mode" },
  );
}

/** accept-edits: a file edit whose path (and the file a link there points to) is inside the project: no rule's `ask` stops it. */
export function acceptedEdit(name: string, subjects: { kind: string; abs?: string; real?: string; root: string }): boolean {
  if (mode !== "accept-edits" || !EDIT_TOOLS.has(name) || subjects.kind !== "path") return false;
  return [subjects.abs, subjects.real].every((path) => path !== undefined && inside(subjects.root, path));
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}
