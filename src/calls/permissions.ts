/**
 * The one per-call decision point, before a tool runs (`runFunctionCall` calls `permissionGate`,
 * so chat, `chat -p`, `tools call` and `serve` all get it): the permission rules of config.yaml,
 * the opted-in project's, and those the user approved for this session. Deny refuses the call;
 * ask asks before it runs; allow answers the tool's own approval requests — never an `explicit`
 * one unless the rule names that path itself. The guard's hard-line refusals never ask, so no
 * rule reaches them. Every approval request also carries the rules that would allow it, which
 * the prompt offers as a visible scope.
 */
import { toolError, type ApprovalDecision, type ApprovalRequest, type ToolContext } from "../registry/index.js";
import { judgeCall, type RuleVerdict } from "./permission-judge.js";
import { acceptedEdit, modeRefusal } from "./permission-mode.js";
import { proposeRules } from "./permission-proposal.js";
import { parseRule, type PermissionRule, type RuleEffect } from "./permission-rules.js";
import { callSubjects, userPath, type CallSubjects } from "./permission-subjects.js";
import { hookDenied } from "./tool-hooks.js";

export type PermissionLists = Partial<Record<RuleEffect, readonly unknown[]>>;

const EFFECTS: readonly RuleEffect[] = ["deny", "ask", "allow"];
let configured: PermissionRule[] = [];
let sessionRules: PermissionRule[] = [];

/** Parses the lists (throws `PermissionRuleError` naming the first bad rule); `source` is shown when a rule decides. */
export function parseRules(lists: PermissionLists | undefined, source: string, knownTools: readonly string[]): PermissionRule[] {
  return EFFECTS.flatMap((effect) => (lists?.[effect] ?? []).map((text) => parseRule(text, effect, source, knownTools)));
}

/** Replaces the configured rules (config.yaml, the opted-in project's) for this process. */
export function setPermissionRules(rules: readonly PermissionRule[]): void {
  configured = [...rules];
}

/** Adds allow rules for the rest of this process (an approval's "this rule for the session"). */
export function allowForSession(texts: readonly string[], knownTools: readonly string[]): void {
  sessionRules = [...sessionRules, ...texts.map((text) => parseRule(text, "allow", "approved this session", knownTools))];
}

/** Forgets every rule (tests; a front end that starts over). */
export function clearPermissionRules(): void {
  configured = [];
  sessionRules = [];
}

export function permissionRules(): readonly PermissionRule[] {
  return [...configured, ...sessionRules];
}

/** The rules' verdict on a call, with what it was matched against (for `quiver policy explain`). */
export async function explainCall(name: string, args: Record<string, unknown>): Promise<RuleVerdict & { proposals: string[] }> {
  const subjects = await callSubjects(name, args);
  const verdict = judgeCall(permissionRules(), name, subjects);
  return { ...verdict, proposals: proposeRules(name, subjects, (i) => verdict.subjects[i]?.effect !== "allow") };
}

export type GateResult = { refusal: string } | { ctx: ToolContext };

/** For one call: the error result (denied, or asked and not approved), or the context to run the tool with. */
/** A PreToolUse hook's decision on the call (src/calls/tool-hooks.ts). */
export interface HookDecision {
  effect: "allow" | "ask" | "deny";
  reason: string;
}

/**
 * Order: deny rules > a hook's deny > ask (a rule's or a hook's) > a hook's allow > allow rules >
 * the tool's own guard. A hook's allow answers the tool's approval requests like an allow rule:
 * never an `explicit` one.
 */
export async function permissionGate(name: string, args: Record<string, unknown>, ctx: ToolContext, hook?: HookDecision): Promise<GateResult> {
  // The mode comes first: plan mode runs nothing that may write, whatever a rule or hook allows.
  const refusal = modeRefusal(name);
  if (refusal !== undefined) return { refusal };
  const rules = permissionRules();
  if (rules.length === 0 && ctx.approve === undefined && hook === undefined) return { ctx };
  let subjects: Promise<CallSubjects> | undefined;
  const read = (): Promise<CallSubjects> => (subjects ??= callSubjects(name, args));
  const verdict = rules.some((rule) => rule.tool(name)) ? judgeCall(rules, name, await read()) : undefined;
  const subject = describeCall(name, args);
  if (verdict?.effect === "deny") return { refusal: denied(name, subject, verdict) };
  if (hook?.effect === "deny") return { refusal: hookDenied(name, hook.reason) };
  if (verdict?.effect === "ask" && !acceptedEdit(name, await read())) {
    const refusal = await askByRule(name, subject, verdict, ctx);
    if (refusal !== undefined) return { refusal };
  } else if (hook?.effect === "ask") {
    const refusal = await askFor(name, subject, `a PreToolUse hook asks: ${hook.reason}`, "hook:PreToolUse", ctx, {});
    if (refusal !== undefined) return { refusal };
  }
  const hookAllows = hook?.effect === "allow";
  // Without anyone to ask only an allow changes anything: the tools' own messages say how to allow the rest.
  if (ctx.approve === undefined) return { ctx: verdict?.effect === "allow" || hookAllows ? { ...ctx, approve: scopedApprover(name, read, ctx, hookAllows) } : ctx };
  return { ctx: { ...ctx, approve: scopedApprover(name, read, ctx, hookAllows) } };
}

/**
 * The tool's own approval requests, answered by the live rules where they allow the whole call
 * (rules approved a moment ago included), else passed on with the rules that would allow it.
 */
function scopedApprover(name: string, read: () => Promise<CallSubjects>, ctx: ToolContext, hookAllows: boolean): ToolContext["approve"] {
  const ask = ctx.approve;
  return async (request: ApprovalRequest): Promise<ApprovalDecision> => {
    // Another tool's request (one a subagent's call makes) is that call's business: its own gate
    // has judged it, and this call's rules or hook must not answer for it.
    if (request.tool !== name) return ask === undefined ? "unavailable" : ask(request);
    const subjects = await read();
    const verdict = judgeCall(permissionRules(), name, subjects);
    if (request.explicit === true) {
      if (verdict.effect === "allow" && namesItself(name, request.subject, subjects)) return "once";
      if (ask === undefined) throw new Error(`only the user may approve this, and no one can be asked here. ${ctx.approvalUnavailable ?? ""}`.trim());
      return ask(request);
    }
    if (verdict.effect === "allow" || hookAllows) return "once";
    if (ask === undefined) throw new Error(ctx.approvalUnavailable ?? "no one can be asked here; add a permissions.allow rule to config.yaml, or run it interactively.");
    const proposals = verdict.effect === "ask" ? [] : proposeRules(name, subjects, (i) => verdict.subjects[i]?.effect !== "allow");
    return ask(proposals.length > 0 ? { ...request, proposals } : request);
  };
}

/** An allow rule covers an `explicit` ask only when it names that very path (`read_file(~/.ssh/known_hosts)`). */
function namesItself(name: string, requested: string, subjects: CallSubjects): boolean {
  if (subjects.kind !== "path") return false;
  const abs = userPath(requested);
  return permissionRules().some(
    (rule) => rule.effect === "allow" && rule.tool(name) && rule.subject?.kind === "path" && rule.subject.names(abs, subjects.root) && rule.subject.names(subjects.real, subjects.root),
  );
}

async function askByRule(name: string, subject: string, verdict: RuleVerdict, ctx: ToolContext): Promise<string | undefined> {
  const rule = verdict.rule!;
  const why = verdict.subjects.find((s) => s.rule === rule)?.maybe === true ? `it may match the deny rule ${rule.text} (a word is unknown until it runs)` : `the ask rule ${rule.text} (${rule.source})`;
  return askFor(name, subject, `permission rule: ${why}`, `permission:${rule.text}`, ctx, { rule: rule.text });
}

/** Asks the user about the call; the refusal when it was not approved (or no one could be asked). */
async function askFor(name: string, subject: string, reason: string, key: string, ctx: ToolContext, extra: Record<string, unknown>): Promise<string | undefined> {
  if (ctx.approve === undefined) {
    const how = ctx.approvalUnavailable ?? "No one can be asked here: run it in an interactive session, or change the rule in config.yaml.";
    return toolError(`Calling ${name} on ${subject} needs the user's approval (${reason}) and was not run. ${how}`, { error_type: "approval_required", ...extra });
  }
  let decision: ApprovalDecision;
  try {
    decision = await ctx.approve({ tool: name, subject, reason, key });
  } catch (err) {
    return toolError(`Asking the user for approval (${reason}) failed: ${err instanceof Error ? err.message : String(err)}. Nothing was run.`, { error_type: "approval_failed", ...extra });
  }
  if (decision === "once" || decision === "session") return undefined;
  return toolError(`The user denied this call of ${name} (${reason}). Do not retry it; choose a different approach or ask the user what to do.`, { error_type: "approval_denied", ...extra });
}

function denied(name: string, subject: string, verdict: RuleVerdict): string {
  const rule = verdict.rule!;
  const inner = verdict.subjects.find((s) => s.rule === rule && s.effect === "deny")?.subject;
  const what = inner !== undefined && inner !== "" && inner !== subject ? `${subject} (its command ${inner})` : subject;
  return toolError(
    `Denied by the permission rule ${rule.text} (permissions.deny, ${rule.source}): ${name} ${what} was not run. ` +
      "The user does not allow this; do not retry it or work around it — choose another approach or ask the user.",
    { error_type: "permission_denied", rule: rule.text },
  );
}

/** What the user is shown for a call: the command, the path, or the arguments. */
function describeCall(name: string, args: Record<string, unknown>): string {
  if (name === "terminal" && typeof args.command === "string") return args.command;
  if (typeof args.path === "string") return args.path;
  const json = JSON.stringify(args);
  return json.length > 200 ? `${json.slice(0, 200)}…` : json;
}
