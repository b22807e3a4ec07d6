/**
 * `quiver policy explain "<command>"`: the verdict on the line, each inner command's, and what
 * decided — a permission rule (and where it is written), a guard rule, or a construct of the
 * line — combined as the call pipeline combines them: the guard's refusal is final, then
 * deny > ask > allow among the rules, and an allow rule answers the guard's asks except
 * `explicit` ones.
 */
import { explainCall } from "../calls/permissions.js";
import type { SubjectVerdict } from "../calls/permission-judge.js";
import { registry } from "../registry/index.js";
import type { Assessment, RuleHit } from "../safety/index.js";
import { CliError, EXIT } from "./exit-codes.js";
import { startRuntime } from "./runtime.js";

type Verdict = "allow" | "ask" | "deny" | "refuse";

interface Decider {
  kind: "permission-rule" | "guard-rule" | "construct" | "default";
  /** The permission rule as written, or the guard rule's key. */
  name?: string;
  reason?: string;
  source?: string;
}

interface Explained {
  verdict: Verdict;
  decidedBy: Decider;
}

interface Explanation extends Explained {
  tool: string;
  subject: string;
  commands: Array<Explained & { text: string; argv: string[]; guard: { verdict: string; rules: RuleHit[] }; permission: { effect: string | null; rule: string | null } }>;
  constructs: RuleHit[];
  /** Rules an approval prompt would propose for what is not allowed yet. */
  proposals: string[];
}

export async function explainPolicy(input: string, opts: { tool?: string; json?: boolean; projectTools?: boolean }): Promise<number> {
  const runtime = await startRuntime({ mcp: false, projectTools: opts.projectTools === true });
  try {
    const tool = opts.tool ?? "terminal";
    if (registry.getEntry(tool) === undefined && !tool.startsWith("mcp__")) throw new CliError(`unknown tool "${tool}". Run "quiver tools list" to see every tool.`);
    const args = opts.tool === undefined ? { command: input } : parseArgs(input);
    const explanation = await explain(tool, args);
    process.stdout.write(opts.json === true ? `${JSON.stringify(explanation, null, 2)}\n` : render(explanation));
    return EXIT.ok;
  } finally {
    await runtime.close();
  }
}

async function explain(tool: string, args: Record<string, unknown>): Promise<Explanation> {
  const rules = await explainCall(tool, args);
  const guard = await guardAssessment(tool, args);
  const subject = typeof args.command === "string" ? args.command : typeof args.path === "string" ? args.path : JSON.stringify(args);
  const lineRule: SubjectVerdict = { subject, effect: rules.effect, rule: rules.rule, maybe: rules.subjects.some((s) => s.rule === rules.rule && s.maybe) };
  const line = combine(guard.verdict, guard.rules, lineRule, guard.constructs ?? []);
  const commands = guard.commands.map((cmd, i) => {
    const permission = rules.subjects[i] ?? { subject: cmd.text, effect: undefined, rule: undefined, maybe: false };
    return {
      text: cmd.text,
      argv: cmd.argv,
      ...combine(cmd.verdict, cmd.rules, permission, []),
      guard: { verdict: cmd.verdict, rules: cmd.rules },
      permission: { effect: permission.effect ?? null, rule: permission.rule?.text ?? null },
    };
  });
  return { tool, subject, ...line, commands, constructs: guard.constructs ?? [], proposals: line.verdict === "ask" ? rules.proposals : [] };
}

/** The guard's view of the call: the terminal's command, a write's target, nothing to judge for other tools. */
async function guardAssessment(tool: string, args: Record<string, unknown>): Promise<Assessment> {
  const safety = await import("../safety/index.js");
  if (tool === "terminal" && typeof args.command === "string") return safety.assessCommand(args.command, { cwd: process.cwd() });
  if ((tool === "write_file" || tool === "patch") && typeof args.path === "string") return safety.assessWrite(args.path);
  return { verdict: "allow", rules: [], commands: [] };
}

function combine(guard: string, guardRules: readonly RuleHit[], permission: SubjectVerdict, constructs: readonly RuleHit[]): Explained {
  const first = guardRules[0];
  const byGuard: Decider = first === undefined ? { kind: "default" } : { kind: constructs.some((c) => c.key === first.key) ? "construct" : "guard-rule", name: first.key, reason: first.reason };
  if (guard === "refuse") return { verdict: "refuse", decidedBy: byGuard };
  const rule = permission.rule;
  const byRule: Decider | undefined = rule === undefined ? undefined : { kind: "permission-rule", name: rule.text, source: rule.source, ...(permission.maybe && { reason: "a word unknown until it runs may make it match this deny rule" }) };
  if (permission.effect === "deny" || permission.effect === "ask") return { verdict: permission.effect, decidedBy: byRule! };
  if (permission.effect === "allow") {
    const explicit = guardRules.find((r) => r.explicit === true);
    if (explicit !== undefined) return { verdict: "ask", decidedBy: { kind: "guard-rule", name: explicit.key, reason: `${explicit.reason} (only the user may approve this; allow rules do not cover it)` } };
    return { verdict: "allow", decidedBy: byRule! };
  }
  return { verdict: guard === "ask" ? "ask" : "allow", decidedBy: byGuard };
}

function render(e: Explanation): string {
  const lines = [`verdict: ${e.verdict}`, `decided by: ${describe(e.decidedBy)}`];
  if (e.commands.length > 0) {
    lines.push("commands:");
    for (const cmd of e.commands) lines.push(`  ${cmd.verdict.padEnd(6)}  ${cmd.text}${cmd.decidedBy.kind === "default" ? "" : `   ← ${describe(cmd.decidedBy)}`}`);
  }
  for (const c of e.constructs) lines.push(`construct: ${c.key} (${c.reason})`);
  if (e.proposals.length > 0) lines.push(`an approval would propose: ${e.proposals.join(", ")}`);
  return `${lines.join("\n")}\n`;
}

function describe(d: Decider): string {
  if (d.kind === "default") return "no rule matched (allowed by default)";
  if (d.kind === "permission-rule") return `permission rule ${d.name} (${d.source})${d.reason === undefined ? "" : `: ${d.reason}`}`;
  return `${d.kind === "construct" ? "construct" : "guard rule"} ${d.name}: ${d.reason}`;
}

function parseArgs(raw: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    throw new CliError(`with --tool, the input is the call's arguments as JSON (${(err as Error).message}), e.g. '{"path":"src/a.ts"}'.`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new CliError(`the arguments must be a JSON object such as '{"path":"src/a.ts"}'.`);
  return value as Record<string, unknown>;
}
