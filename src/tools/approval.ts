/**
 * Decides whether a command or a write may run: hardline rules refuse outright, dangerous
 * rules ask the user through `ctx.approve`. Remembering "session" answers is the caller's
 * job; the tools ask every time with the rule's stable key.
 */
import { toolError } from "../registry/index.js";
import type { ApprovalDecision, ToolContext } from "../registry/index.js";
import { DANGEROUS_PATTERNS, HARDLINE_PATTERNS } from "./approval-patterns.js";
import type { CommandRule } from "./approval-patterns.js";
import { realTarget, sensitivePathRule } from "./path-safety.js";
import type { PathRule } from "./path-safety.js";

export interface CommandVerdict {
  /** The first hardline rule matched: the command must never run. */
  hardline?: CommandRule;
  /** Every dangerous rule matched, one per key, in table order. */
  dangerous: CommandRule[];
}

// Line continuations would otherwise split `rm -rf \<newline> /` across "commands".
function normalise(command: string): string {
  return command.replace(/\\\r?\n/g, " ");
}

export function classifyCommand(command: string): CommandVerdict {
  const text = normalise(command);
  const hardline = HARDLINE_PATTERNS.find((rule) => rule.pattern.test(text));
  if (hardline !== undefined) return { hardline, dangerous: [] };
  const dangerous: CommandRule[] = [];
  for (const rule of DANGEROUS_PATTERNS) {
    if (rule.pattern.test(text) && !dangerous.some((d) => d.key === rule.key)) dangerous.push(rule);
  }
  return { dangerous };
}

/** The sensitive-path rule a write to `absPath` falls under, following symlinks too. */
export async function classifyWritePath(absPath: string): Promise<PathRule | undefined> {
  return sensitivePathRule(absPath) ?? sensitivePathRule(await realTarget(absPath));
}

export function hardlineRefusal(rule: CommandRule): string {
  return toolError(
    `Refused: this command matches a catastrophic pattern (${rule.reason}) and is never run, even with the user's approval. ` +
      "Choose a narrower, safer command.",
    { error_type: "hardline_refused", rule: rule.key },
  );
}

export interface ApprovalAsk {
  tool: string;
  /** The command or path, shown to the user verbatim. */
  subject: string;
  /** "command" or "write" — used in the messages. */
  action: "command" | "write";
  rules: ReadonlyArray<{ key: string; reason: string }>;
}

/**
 * Asks for each rule in turn. Returns undefined when everything was approved, else the
 * error result to hand back (no callback, denied, or the callback failed).
 */
export async function seekApproval(ctx: ToolContext, ask: ApprovalAsk): Promise<string | undefined> {
  const what = ask.action === "command" ? "This command" : `Writing ${ask.subject}`;
  for (const rule of ask.rules) {
    if (ctx.approve === undefined) {
      return toolError(
        `${what} needs the user's approval (${rule.reason}), and no approval callback is available here. ` +
          "To allow it, run it in an interactive session and approve it when asked, or pass --yes to `quiver tools call`.",
        { error_type: "approval_required", rule: rule.key },
      );
    }
    let decision: ApprovalDecision;
    try {
      decision = await ctx.approve({ tool: ask.tool, subject: ask.subject, reason: rule.reason, key: rule.key });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return toolError(`Asking the user for approval (${rule.reason}) failed: ${message}. Nothing was run.`, {
        error_type: "approval_failed",
        rule: rule.key,
      });
    }
    if (decision !== "once" && decision !== "session") {
      return toolError(
        `The user denied this ${ask.action === "command" ? "command" : "write"} (${rule.reason}). ` +
          "Do not retry it; choose a different approach or ask the user what to do.",
        { error_type: "approval_denied", rule: rule.key },
      );
    }
  }
  return undefined;
}
