/**
 * The hooks in force for this process (config.yaml's `hooks:`, and the opted-in project's), and
 * firing them: every hook whose matcher matches runs at once, and their answers are combined
 * (deny > ask > allow; the first `updatedInput`; contexts joined). With no hook for an event,
 * `hasHooks` is one property read: the cost on every tool call.
 */
import { randomUUID } from "node:crypto";
import { createLogger } from "../registry/index.js";
import { findProjectRoot } from "../safety/project-root.js";
import { runHook } from "./run-hook.js";
import { claudeName, claudeNames } from "./tool-names.js";
import type { ConfiguredHook, HookEvent, HookMatcher, HooksConfig, HookVerdict, MatchKind } from "./types.js";
import { HOOK_EVENTS } from "./types.js";
import { readVerdict } from "./verdict.js";

const log = createLogger("hooks");
export const DEFAULT_HOOK_TIMEOUT_S = 60;

let byEvent: Partial<Record<HookEvent, ConfiguredHook[]>> = {};
let session: { id: string; transcriptPath: string } = { id: randomUUID(), transcriptPath: "" };

/** True when some hook is configured for `event` (and, given a tool, one whose matcher matches it). */
export function hasHooks(event: HookEvent, tool?: string): boolean {
  const hooks = byEvent[event];
  if (hooks === undefined) return false;
  return tool === undefined || hooks.some((hook) => hook.matches(tool) !== false);
}

/** Every configured hook, in order (for `quiver hooks list`). */
export function configuredHooks(): ConfiguredHook[] {
  return HOOK_EVENTS.flatMap((event) => byEvent[event] ?? []);
}

/** Replaces the hooks of this process. */
export function setHooks(hooks: readonly ConfiguredHook[]): void {
  const next: Partial<Record<HookEvent, ConfiguredHook[]>> = {};
  for (const hook of hooks) (next[hook.event] ??= []).push(hook);
  byEvent = next;
}

export function clearHooks(): void {
  byEvent = {};
}

/** The session the events name (`session_id`, `transcript_path`); a process without one gets a random id. */
export function setHookSession(id: string, transcriptPath: string): void {
  session = { id, transcriptPath };
}

/** Reads a `hooks:` section (already schema-checked); throws naming a matcher that is not a regex. */
export function compileHooks(config: HooksConfig | undefined, source: string): ConfiguredHook[] {
  const out: ConfiguredHook[] = [];
  for (const event of HOOK_EVENTS) {
    for (const entry of config?.[event] ?? []) out.push(...compileEntry(event, entry, source));
  }
  return out;
}

function compileEntry(event: HookEvent, entry: HookMatcher, source: string): ConfiguredHook[] {
  const matcher = entry.matcher ?? "";
  const matches = matcherFor(matcher, event, source);
  return entry.hooks.map((hook) => ({
    event,
    matcher,
    command: hook.command,
    timeoutMs: (hook.timeout ?? DEFAULT_HOOK_TIMEOUT_S) * 1000,
    source,
    matches,
  }));
}

/** Anchored, as Claude Code reads it: `Write` is that tool only, `Edit|Write` either, `mcp__github__.*` a server's. */
function matcherFor(matcher: string, event: HookEvent, source: string): (tool: string) => MatchKind {
  if (matcher === "" || matcher === "*") return () => "quiver";
  let re: RegExp;
  try {
    re = new RegExp(`^(?:${matcher})$`);
  } catch (err) {
    throw new Error(`hooks.${event}: the matcher ${JSON.stringify(matcher)} (${source}) is not a regular expression: ${(err as Error).message}`);
  }
  return (tool) => (re.test(tool) ? "quiver" : claudeNames(tool).some((name) => re.test(name)) ? "claude" : false);
}

export interface FireOptions {
  /** The tool, for PreToolUse and PostToolUse: only hooks whose matcher matches it run. */
  tool?: string;
  signal?: AbortSignal | undefined;
  /** Builds the event's own fields; `claude` when the hook matched by a Claude Code name. */
  input: (claude: boolean) => Record<string, unknown>;
}

/** What the hooks of one event came to, combined; undefined when none ran. */
export interface FiredHooks extends HookVerdict {
  /** Whether any hook that ran matched by a Claude Code name (its updatedInput is in Claude Code's shape). */
  claude: boolean;
}

export async function fireHooks(event: HookEvent, opts: FireOptions): Promise<FiredHooks | undefined> {
  const hooks = byEvent[event];
  if (hooks === undefined) return undefined;
  const chosen = hooks.flatMap((hook) => {
    const kind = opts.tool === undefined ? "quiver" : hook.matches(opts.tool);
    return kind === false ? [] : [{ hook, claude: kind === "claude" }];
  });
  if (chosen.length === 0) return undefined;
  const cwd = process.cwd();
  const root = findProjectRoot(cwd);
  const verdicts = await Promise.all(
    chosen.map(async ({ hook, claude }) => {
      const input = { session_id: session.id, transcript_path: session.transcriptPath, cwd, permission_mode: "default", hook_event_name: event, ...opts.input(claude) };
      const run = await runHook(hook.command, input, { timeoutMs: hook.timeoutMs, cwd, env: { CLAUDE_PROJECT_DIR: root, QUIVER_PROJECT_DIR: root }, signal: opts.signal });
      const verdict = readVerdict(event, run);
      report(event, opts.tool, hook, verdict, run.durationMs);
      return { verdict, claude };
    }),
  );
  return combine(verdicts);
}

function report(event: HookEvent, tool: string | undefined, hook: ConfiguredHook, verdict: HookVerdict, ms: number): void {
  const what = `${event}${tool === undefined ? "" : `(${tool})`} hook ${JSON.stringify(hook.command)}`;
  const decision = verdict.permission ?? (verdict.block ? "block" : verdict.error !== undefined ? "error" : "continue");
  log.debug(`${what}: ${decision}${verdict.reason === undefined ? "" : ` (${verdict.reason.slice(0, 200)})`} in ${ms.toFixed(1)} ms`);
  if (verdict.error !== undefined) log.warn(`${what} ${verdict.error}; going on as if it had not run (${hook.source})`);
}

const RANK = { deny: 3, ask: 2, allow: 1 } as const;

function combine(results: ReadonlyArray<{ verdict: HookVerdict; claude: boolean }>): FiredHooks {
  let strongest: { verdict: HookVerdict; claude: boolean } | undefined;
  for (const r of results) if (r.verdict.permission !== undefined && (strongest?.verdict.permission === undefined || RANK[r.verdict.permission] > RANK[strongest.verdict.permission])) strongest = r;
  const updated = results.find((r) => r.verdict.updatedInput !== undefined);
  const blocking = results.filter((r) => r.verdict.block);
  const reasons = (blocking.length > 0 ? blocking : strongest === undefined ? [] : [strongest]).map((r) => r.verdict.reason).filter((r): r is string => r !== undefined);
  const contexts = results.map((r) => r.verdict.additionalContext).filter((c): c is string => c !== undefined);
  const stopping = results.find((r) => r.verdict.stop);
  return {
    block: blocking.length > 0,
    permission: strongest?.verdict.permission,
    reason: reasons.length > 0 ? reasons.join("\n") : undefined,
    updatedInput: updated?.verdict.updatedInput,
    additionalContext: contexts.length > 0 ? contexts.join("\n") : undefined,
    stop: stopping !== undefined,
    stopReason: stopping?.verdict.stopReason,
    error: undefined,
    claude: (updated ?? strongest ?? results[0])?.claude ?? false,
  };
}

/** The name a hook is sent for a tool: Claude Code's when it matched by that name. */
export function hookToolName(tool: string, claude: boolean): string {
  return claude ? claudeName(tool) : tool;
}
