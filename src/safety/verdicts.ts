/**
 * What an assessment reports: the verdict on the whole line, the rules behind it, and the same
 * per inner command (every simple command found inside the line, through `bash -c`, `sudo`,
 * `xargs`, `find -exec`, pipelines, substitutions and functions), so that permission rules can
 * be matched against each one.
 */
import type { Finding } from "./finding.js";
import { COMMAND_RULES, type Verdict } from "./rules.js";
import { OPAQUE } from "./words.js";

export interface RuleHit {
  key: string;
  reason: string;
  /**
   * Only a person answering this very request may approve it (reading credentials): `--yes`,
   * `serve --allow-dangerous` and "always this session" never cover it.
   */
  explicit?: true;
}

/**
 * Shown in `InnerCommand.argv` and `.text` for a piece of a word that the command line alone
 * cannot tell (a `$(…)` result, an unset variable, `$1`): `rm -rf "$x"/` has argv
 * `["rm", "-rf", "⟨?⟩/"]`. A permission rule's `*` may match it like any other text.
 */
export const UNKNOWN_PIECE = "⟨?⟩";

export interface InnerCommand {
  /** The words as bash would pass them; unknown pieces are UNKNOWN_PIECE. */
  argv: string[];
  /** argv joined with single spaces, for rule matching (`npm run test*`). */
  text: string;
  verdict: Verdict;
  rules: RuleHit[];
}

export interface Assessment {
  verdict: Verdict;
  rules: RuleHit[];
  /** Every simple command inside the line, in the order bash reaches them. */
  commands: InnerCommand[];
  /** Findings that belong to no single command (a parse error, a redirection of a compound, a fork bomb): the construct decided. */
  constructs?: RuleHit[];
}

/** One simple command being judged, and what was found on it. */
export interface CommandRecord {
  argv: readonly string[];
  findings: Finding[];
}

export function innerCommand(record: CommandRecord): InnerCommand {
  const argv = record.argv.map((w) => w.split(OPAQUE).join(UNKNOWN_PIECE));
  const { verdict, rules } = summarise(record.findings);
  return { argv, text: argv.join(" "), verdict, rules };
}

/** One entry per key: refusals first, then the table's order, then the rest as found. */
export function summarise(findings: readonly Finding[]): { verdict: Verdict; rules: RuleHit[] } {
  const order = (f: Finding): number => (f.verdict === "refuse" ? 0 : 1) * 1000 + rank(f.key);
  const unique = new Map<string, Finding>();
  for (const f of [...findings].sort((a, b) => order(a) - order(b))) {
    const seen = unique.get(f.key);
    if (seen === undefined) unique.set(f.key, f);
    else if (f.explicit === true && seen.explicit !== true) unique.set(f.key, { ...seen, explicit: true });
  }
  const list = [...unique.values()];
  const verdict: Verdict = list.some((f) => f.verdict === "refuse") ? "refuse" : list.length > 0 ? "ask" : "allow";
  const rules = list.filter((f) => verdict !== "refuse" || f.verdict === "refuse").map(hit);
  return { verdict, rules };
}

function hit(f: Finding): RuleHit {
  return f.explicit === true ? { key: f.key, reason: f.reason, explicit: true } : { key: f.key, reason: f.reason };
}

function rank(key: string): number {
  const at = COMMAND_RULES.findIndex((r) => r.key === key);
  return at === -1 ? COMMAND_RULES.length : at;
}
