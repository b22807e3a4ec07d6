/**
 * The terminal side of the approval flow: dangerous commands are shown to the user, who allows
 * them once, for the rest of the session (per rule), or denies. Without a TTY nobody can answer,
 * so the answer is "unavailable" (not "deny": nobody said no) unless --yes covers the request.
 */
import { createInterface } from "node:readline/promises";
import type { ApprovalDecision, ApprovalRequest } from "../registry/index.js";

export interface ApproverOptions {
  /** --yes: approve dangerous commands without asking (hardline ones are refused by the tools regardless). */
  yes?: boolean;
  input?: NodeJS.ReadableStream & { isTTY?: boolean };
  output?: NodeJS.WritableStream;
  /** Ask through this instead of opening a readline on `input` (the REPL passes its own). */
  ask?: (question: string) => Promise<string>;
  /** Offer "always for this session" (chat) or only yes/no (one call from the shell). */
  sessionChoice?: boolean;
}

export type Approver = (request: ApprovalRequest) => Promise<ApprovalDecision>;

export function createApprover(opts: ApproverOptions = {}): Approver {
  const input = opts.input ?? process.stdin;
  const output = opts.output ?? process.stderr;
  const approvedForSession = new Set<string>();
  return async (request) => {
    const blanket = request.explicit !== true;
    if (blanket && (opts.yes === true || approvedForSession.has(request.key))) return "once";
    if (opts.ask === undefined && input.isTTY !== true) return "unavailable";
    output.write(`\n⚠️  ${request.tool} needs your approval: ${request.reason}\n    ${request.subject}\n`);
    const choices = opts.sessionChoice === true && blanket ? "[y]es once / [a]lways this session / [N]o" : "[y/N]";
    const answer = (await (opts.ask ?? askOnce(input, output))(`Allow? ${choices} `)).trim().toLowerCase();
    if (answer === "y" || answer === "yes") return "once";
    if (blanket && opts.sessionChoice === true && (answer === "a" || answer === "always")) {
      approvedForSession.add(request.key);
      return "session";
    }
    return "deny";
  };
}

function askOnce(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): (question: string) => Promise<string> {
  return async (question) => {
    const rl = createInterface({ input, output, terminal: false });
    try {
      return await rl.question(question);
    } finally {
      rl.close();
    }
  };
}
