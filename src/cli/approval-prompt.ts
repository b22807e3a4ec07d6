/**
 * The terminal side of the approval flow: what needs approval is shown to the user, who allows
 * it once, this exact command for the session, the rule it proposes (shown, e.g.
 * `terminal(npm run test*)`) for the session or saved to the project's or the user's config,
 * or denies. Nothing is approved beyond what the chosen answer names. `explicit` requests
 * (credential reads, leaving the sandbox) offer only yes once / no. Without a TTY nobody can
 * answer, so the answer is "unavailable" (not "deny": nobody said no) unless --yes covers the request.
 */
import { createInterface } from "node:readline/promises";
import type { ApprovalDecision, ApprovalRequest } from "../registry/index.js";
import { showControls } from "./control-chars.js";

/** Where an approved rule goes: this session's rules, or a config file (then the session too). */
export interface RuleScopes {
  forSession(rules: readonly string[]): void;
  /** Saves the rules as `permissions.allow` and returns the file written. */
  save(rules: readonly string[], where: "project" | "user"): Promise<string>;
}

export interface ApproverOptions {
  /** --yes: approve dangerous commands without asking (hardline ones are refused by the tools regardless). */
  yes?: boolean;
  input?: NodeJS.ReadableStream & { isTTY?: boolean };
  output?: NodeJS.WritableStream;
  /** Ask through this instead of opening a readline on `input` (the REPL passes its own). */
  ask?: (question: string) => Promise<string>;
  /** Offer the session scopes (a chat) or not (one call from the shell). */
  sessionChoice?: boolean;
  /** Offer a request's proposed rules (for the session, or saved); without it only once / exact command / no. */
  rules?: RuleScopes;
  /** Ctrl-C of the caller: withdraws an open question (answered "no") and lets go of stdin, so the process can end. */
  signal?: AbortSignal;
}

export type Approver = (request: ApprovalRequest) => Promise<ApprovalDecision>;

interface Choice {
  keys: readonly string[];
  label: string;
  act: (request: ApprovalRequest) => Promise<ApprovalDecision>;
}

export function createApprover(opts: ApproverOptions = {}): Approver {
  const input = opts.input ?? process.stdin;
  const output = opts.output ?? process.stderr;
  // Exact (tool, command) pairs approved for the session: never a rule key, which would cover other commands.
  const approvedExactly = new Set<string>();
  const exact = (request: ApprovalRequest): string => `${request.tool}\u0000${request.subject}`;
  return async (request) => {
    const blanket = request.explicit !== true;
    if (blanket && (opts.yes === true || approvedExactly.has(exact(request)))) return "once";
    if (opts.ask === undefined && input.isTTY !== true) return "unavailable";
    const proposals = blanket && opts.rules !== undefined ? (request.proposals ?? []) : [];
    const choices = choicesFor(request, proposals, opts, () => approvedExactly.add(exact(request)), output);
    const rule = proposals.length > 0 ? `\n    rule: ${proposals.join(", ")}` : "";
    // What is asked about is shown as it is: control characters visible, never interpreted; each line
    // of a multi-line command indented, so none can pass for a line of quiver's own.
    output.write(`\n⚠️  ${request.tool} needs your approval: ${showControls(request.reason)}\n    ${showControls(request.subject).replace(/\n/g, "\n    ")}${showControls(rule)}\n`);
    const question = choices.length === 1 ? "[y/N]" : `${choices.map((c) => c.label).join(" / ")} / [N]o`;
    const answer = (await (opts.ask ?? askOnce(input, output, opts.signal))(`Allow? ${question} `)).trim().toLowerCase();
    const chosen = choices.find((c) => c.keys.includes(answer));
    return chosen === undefined ? "deny" : chosen.act(request);
  };
}

function choicesFor(request: ApprovalRequest, proposals: readonly string[], opts: ApproverOptions, rememberExact: () => void, output: NodeJS.WritableStream): Choice[] {
  const choices: Choice[] = [{ keys: ["y", "yes"], label: "[y]es once", act: async () => "once" }];
  if (request.explicit === true) return choices;
  const session = opts.sessionChoice === true;
  if (session) {
    // "a" (always) was the old answer for this; it now means this exact command only.
    choices.push({ keys: ["s", "a", "always"], label: "[s]ame command this session", act: async () => (rememberExact(), "session") });
  }
  const scopes = opts.rules;
  if (scopes === undefined || proposals.length === 0) return choices;
  if (session) choices.push({ keys: ["r"], label: "[r]ule this session", act: async () => (scopes.forSession(proposals), "session") });
  const save = (where: "project" | "user") => async (): Promise<ApprovalDecision> => {
    try {
      const file = await scopes.save(proposals, where);
      output.write(`    saved ${proposals.join(", ")} to permissions.allow in ${file}\n`);
    } catch (err) {
      output.write(`    could not save the rule (${err instanceof Error ? err.message : String(err)}); allowed once\n`);
      return "once";
    }
    return "session";
  };
  choices.push({ keys: ["p"], label: "save rule to [p]roject", act: save("project") });
  choices.push({ keys: ["u"], label: "[u]ser config", act: save("user") });
  return choices;
}

function askOnce(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, signal: AbortSignal | undefined): (question: string) => Promise<string> {
  return async (question) => {
    const aborted = (): boolean => signal?.aborted === true;
    if (aborted()) return "";
    const rl = createInterface({ input, output, terminal: false });
    try {
      return await rl.question(question, signal === undefined ? {} : { signal });
    } catch (err) {
      if (!aborted()) throw err;
      output.write("\n");
      return "";
    } finally {
      rl.close();
    }
  };
}
