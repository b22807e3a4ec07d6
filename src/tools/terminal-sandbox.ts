/**
 * Where a terminal command runs: in the OS sandbox (src/sandbox/) when it can, unsandboxed when
 * the mode is off or no sandbox exists here (auto), or not at all (mode on without a sandbox).
 * `escalate` leaves the sandbox for one command, only with the user's explicit approval.
 */
import { toolError } from "../registry/index.js";
import type { ApprovalDecision, ToolContext } from "../registry/index.js";
import type { SandboxBackend } from "../sandbox/detect.js";

export type Placement =
  | { sandboxed: true; backend: SandboxBackend }
  | { sandboxed: false; note?: string }
  /** The tool result to return instead of running. */
  | { refusal: string };

const sandbox = (): Promise<typeof import("../sandbox/index.js")> => import("../sandbox/index.js");

/** Probes for the sandbox without blocking the thread (a no-op once probed, or with the sandbox off). */
export async function prepareSandbox(): Promise<void> {
  const { detectSandboxAsync, sandboxSettings } = await sandbox();
  if (sandboxSettings().mode !== "off") await detectSandboxAsync();
}

export async function placeCommand(ctx: ToolContext, command: string, escalate: string | undefined): Promise<Placement> {
  await prepareSandbox();
  const decision = (await sandbox()).sandboxDecision();
  if (decision.kind === "refused") return { refusal: toolError(decision.message, { error_type: "sandbox_unavailable" }) };
  if (decision.kind === "unsandboxed") return { sandboxed: false, ...(escalate !== undefined && { note: `escalate ignored: ${decision.reason}` }) };
  if (escalate === undefined) return { sandboxed: true, backend: decision.backend };
  const refusal = await approveEscalation(ctx, command, escalate);
  return refusal === undefined ? { sandboxed: false } : { refusal };
}

/** Undefined when the user approved this very request; --yes and session approvals never do. */
async function approveEscalation(ctx: ToolContext, command: string, why: string): Promise<string | undefined> {
  const reason = `run outside the sandbox (full access to files and network): ${oneLine(why)}`;
  if (ctx.approve === undefined) {
    return toolError(`Running outside the sandbox needs the user's explicit approval and no one can approve here; the command was not run. Run it inside the sandbox (drop "escalate"), or ask the user to allow the path or host in config.yaml (sandbox.writable, sandbox.network.allow).`, {
      error_type: "approval_required",
      rule: "sandbox-escalate",
    });
  }
  let decision: ApprovalDecision;
  try {
    decision = await ctx.approve({ tool: "terminal", subject: command, reason, key: "sandbox-escalate", explicit: true });
  } catch (err) {
    return toolError(`Asking the user to run outside the sandbox failed: ${err instanceof Error ? err.message : String(err)}. Nothing was run.`, {
      error_type: "approval_failed",
      rule: "sandbox-escalate",
    });
  }
  if (decision === "once" || decision === "session") return undefined;
  return toolError("The user denied running this command outside the sandbox. Do not retry it with escalate; run it inside the sandbox or ask the user.", {
    error_type: "approval_denied",
    rule: "sandbox-escalate",
  });
}

/** The model's reason on one line, capped: it must not be able to draw a fake prompt under the real one. */
function oneLine(why: string): string {
  const text = why.replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, " ").trim();
  if (text === "") return "no reason given";
  return text.length > MAX_REASON_CHARS ? `${text.slice(0, MAX_REASON_CHARS)}…` : text;
}

const MAX_REASON_CHARS = 300;
