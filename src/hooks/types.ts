/** Hooks in Claude Code's layout and protocol (docs/extending.md): what config.yaml holds and what a hook answers. */

export const HOOK_EVENTS = ["PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop", "SessionStart", "SessionEnd", "PreCompact", "Notification"] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** One command to run: `{ type: command, command, timeout }` (timeout in seconds, default 60). */
export interface HookCommand {
  type: "command";
  command: string;
  timeout?: number;
}

/** One entry of an event's list: a matcher (a regex over tool names; empty or `*` = all) and its commands. */
export interface HookMatcher {
  matcher?: string;
  hooks: HookCommand[];
}

export type HooksConfig = Partial<Record<HookEvent, HookMatcher[]>>;

/** A configured command with where it came from, ready to match. */
export interface ConfiguredHook {
  event: HookEvent;
  matcher: string;
  command: string;
  timeoutMs: number;
  /** "user config …" or "project config …", shown by `quiver hooks list`. */
  source: string;
  /** Tests a tool name (quiver's, or its Claude Code alias); undefined for events without tools. */
  matches: (toolName: string) => MatchKind;
}

/** How a tool name matched: by quiver's name, by its Claude Code alias (the hook then speaks Claude Code's names), or not. */
export type MatchKind = "quiver" | "claude" | false;

/** What one hook process came to. */
export interface HookRun {
  command: string;
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  durationMs: number;
  /** The process could not be started (ENOENT of the shell, …). */
  spawnError?: string;
}

export type PermissionDecision = "allow" | "deny" | "ask";

/** A hook's answer once read: exit code and the JSON on stdout, in Claude Code's terms. */
export interface HookVerdict {
  /** exit 2, `decision: "block"`, or PreToolUse `permissionDecision: "deny"`. */
  block: boolean;
  /** PreToolUse only. */
  permission: PermissionDecision | undefined;
  /** Why (blocking stderr, `reason`, `permissionDecisionReason`). */
  reason: string | undefined;
  updatedInput: Record<string, unknown> | undefined;
  additionalContext: string | undefined;
  /** `continue: false`: stop the turn. */
  stop: boolean;
  stopReason: string | undefined;
  /** Exit codes other than 0 and 2, time-outs, unreadable JSON: a non-blocking error the user is told of. */
  error: string | undefined;
}
