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
  /** "command", "write" or "read" — used in the messages. */
  action: "command" | "write" | "read";
}

export interface ApprovalAsk extends ApprovalSubject {
  rules: readonly RuleHit[];
  /** Only a person answering this very prompt may approve (see ApprovalRequest.explicit). */
  explicit?: boolean;
}

// The safety layer is imported on first use, so tool discovery and CLI start-up never load it.
const safety = (): Promise<typeof import("../safety/index.js")> => import("../safety/index.js");

/** Loads the command guard's parser ahead of the first assessment, so the load can overlap other waits. */
export async function prepareCommandGate(command?: string): Promise<void> {
  await (await safety()).prepareCommandAssessment(command);
}

/** `gate` for a shell command: the error result, or the assessment it passed on. */
export async function gateCommand(ctx: ToolContext, tool: string, command: string, opts: AssessOptions): Promise<{ refusal: string } | { passed: Assessment }> {
  const assessment = await (await safety()).assessCommand(command, opts);
  const refusal = await gate(ctx, { tool, subject: command, action: "command" }, assessment);
  return refusal === undefined ? { passed: assessment } : { refusal };
}

/**
 * `gate` for a file write to `path`, which resolved once to `real`: both are judged, and `real`
 * is what the tool then writes (judged-path.ts), so a link swapped later cannot change the verdict.
 */
export async function gateWrite(ctx: ToolContext, tool: string, path: string, real = path): Promise<string | undefined> {
  const { assessWrite } = await safety();
  const [asked, resolved] = await Promise.all([assessWrite(path), real === path ? undefined : assessWrite(real)]);
  const subject = real === path ? path : `${path} (a link to ${real})`;
  return gate(ctx, { tool, subject, action: "write" }, resolved === undefined ? asked : worse(asked, resolved));
}

/** The stricter of two assessments, with the rules of both (each key once). */
function worse(a: Assessment, b: Assessment): Assessment {
  const rank = { allow: 0, ask: 1, refuse: 2 } as const;
  const [first, other] = rank[a.verdict] >= rank[b.verdict] ? [a, b] : [b, a];
  if (first.verdict !== "ask") return first;
  return { ...first, rules: [...first.rules, ...other.rules.filter((r) => !first.rules.some((q) => q.key === r.key))] };
}

/**
 * Reading `path` (resolved: `real`) under the protected `root` (src/safety/unreadable.ts): asked
 * explicitly, so no blanket approval (--yes, serve --allow-dangerous, "always") covers it.
 */
export function gateRead(ctx: ToolContext, tool: string, path: string, real: string, root: string): Promise<string | undefined> {
  const subject = real === path ? path : `${path} (a link to ${real})`;
  return seekApproval(ctx, {
    tool,
    subject,
    action: "read",
    explicit: true,
    rules: [{ key: "read-protected", reason: `it is under ${root}, which holds credentials` }],
  });
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
  for (const rule of ask.rules) {
    if (ctx.approve === undefined) return noOneToAsk(ctx, ask, rule);
    let decision: ApprovalDecision;
    try {
      const explicit = ask.explicit === true || rule.explicit === true;
      decision = await ctx.approve({ tool: ask.tool, subject: ask.subject, reason: rule.reason, key: rule.key, ...(explicit && { explicit: true }) });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return toolError(`Asking the user for approval (${rule.reason}) failed: ${message}. Nothing was run.`, {
        error_type: "approval_failed",
        rule: rule.key,
      });
    }
    if (decision === "unavailable") return noOneToAsk(ctx, ask, rule);
    if (decision !== "once" && decision !== "session") {
      return toolError(
        `The user denied this ${ask.action} (${rule.reason}). ` + "Do not retry it; choose a different approach or ask the user what to do.",
        { error_type: "approval_denied", rule: rule.key },
      );
    }
  }
  return undefined;
}

// Front ends name their own way (ctx.approvalUnavailable); this is for callers that set none.
const DEFAULT_HOW =
  "No approval callback is available here. To allow it, give the call an `approve` callback (ToolContext.approve), or from the CLI run it where the user can be asked (`quiver chat`) or pass --yes.";

/** `approval_required`: nobody was asked, so nothing was denied; says why and how a person can allow it. */
function noOneToAsk(ctx: ToolContext, ask: ApprovalAsk, rule: RuleHit): string {
  // A long path is shortened in the middle so the bounded error never loses the how-to at its end.
  const what = ask.action === "command" ? "This command" : `${ask.action === "write" ? "Writing" : "Reading"} ${middleEllipsis(ask.subject, 400)}`;
  const how = ask.explicit === true || rule.explicit === true ? explicitHow(ask) : (ctx.approvalUnavailable ?? DEFAULT_HOW);
  return toolError(`${what} needs the user's approval (${rule.reason}) and was not ${ask.action === "read" ? "read" : "run"}. ${how}`, {
    error_type: "approval_required",
    rule: rule.key,
  });
}

function middleEllipsis(text: string, max: number): string {
  if (text.length <= max) return text;
  const half = Math.floor((max - 1) / 2);
  return `${text.slice(0, half)}…${text.slice(-half)}`;
}

function explicitHow(ask: ApprovalAsk): string {
  const covered = ask.action === "read" || ask.rules.some((r) => r.key.startsWith("read")) ? "reading credentials" : "this";
  return (
    `Only a person answering the prompt for this very request can allow it, and nobody could be asked here (no terminal, or no person behind the client): ` +
    `--yes, \`quiver serve --allow-dangerous\` and "always this session" do not cover ${covered}. ` +
    `To allow it, the user runs it where quiver can ask, in a terminal (\`quiver chat\`, or \`quiver tools call ${ask.tool}\` from a terminal), and answers y.`
  );
}
