/**
 * Turns a safety assessment (src/safety/) into what a tool does: `refuse` never runs, `ask`
 * asks the user through `ctx.approve` once per rule, `allow` runs. Remembering "session"
 * answers is the caller's job; the tools ask every time with the rule's stable key.
 */
import { toolError } from "../registry/index.js";
import type { ApprovalDecision, ToolContext } from "../registry/index.js";
import type { AssessOptions, Assessment, RuleHit } from "../safety/index.js";

interface ApprovalSubject {
  tool: string;
  /** The command or path, shown to the user verbatim. */
  subject: string;
  /** "command" or "write" — used in the messages. */
  action: "command" | "write";
}

export interface ApprovalAsk extends ApprovalSubject {
  rules: readonly RuleHit[];
}

// The safety layer is imported on first use, so tool discovery and CLI start-up never load it.
const safety = (): Promise<typeof import("../safety/index.js")> => import("../safety/index.js");

/** `gate` for a shell command. */
export async function gateCommand(ctx: ToolContext, tool: string, command: string, opts: AssessOptions): Promise<string | undefined> {
  const assessment = await (await safety()).assessCommand(command, opts);
  return gate(ctx, { tool, subject: command, action: "command" }, assessment);
}

/** `gate` for a file write. */
export async function gateWrite(ctx: ToolContext, tool: string, path: string): Promise<string | undefined> {
  return gate(ctx, { tool, subject: path, action: "write" }, await (await safety()).assessWrite(path));
}

/** Undefined when the assessment lets the action run (approved if it had to be), else the error result. */
async function gate(ctx: ToolContext, ask: ApprovalSubject, assessment: Assessment): Promise<string | undefined> {
  if (assessment.verdict === "allow") return undefined;
  if (assessment.verdict === "refuse") return hardlineRefusal(ask, assessment.rules[0] ?? { key: "refused", reason: "catastrophic" });
  return seekApproval(ctx, { ...ask, rules: assessment.rules });
}

function hardlineRefusal(ask: ApprovalSubject, rule: RuleHit): string {
  const what = ask.action === "command" ? "this command" : `writing ${ask.subject}`;
  return toolError(
    `Refused: ${what} is catastrophic (${rule.reason}) and is never run, even with the user's approval. ` +
      "Choose a narrower, safer command.",
    { error_type: "hardline_refused", rule: rule.key },
  );
}

/**
 * Asks for each rule in turn. Returns undefined when everything was approved, else the error
 * result to hand back (no one to ask, denied, or the callback failed).
 */
export async function seekApproval(ctx: ToolContext, ask: ApprovalAsk): Promise<string | undefined> {
  const what = ask.action === "command" ? "This command" : `Writing ${ask.subject}`;
  for (const rule of ask.rules) {
    if (ctx.approve === undefined) {
      const how =
        ctx.approvalUnavailable ??
        "No approval callback is available here. To allow it, run it in an interactive session and approve it when asked, or pass --yes to `quiver tools call`.";
      return toolError(`${what} needs the user's approval (${rule.reason}) and was not run. ${how}`, {
        error_type: "approval_required",
        rule: rule.key,
      });
    }
    let decision: ApprovalDecision;
    try {
      decision = await ctx.approve({ tool: ask.tool, subject: ask.subject, reason: rule.reason, key: rule.key, ...(rule.explicit === true && { explicit: true }) });
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
