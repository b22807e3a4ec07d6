/**
 * What the permission rules say about one call's subjects: per simple command (or path) the
 * strongest rule that matches, and for the call deny > ask > allow — deny on any command denies
 * the line, allow needs every command allowed.
 */
import type { PermissionRule, RuleEffect } from "./permission-rules.js";
import type { CallSubjects, InnerCommandLike } from "./permission-subjects.js";

export interface SubjectVerdict {
  /** The simple command's words joined by spaces, or the path; "" for a call with no subject. */
  subject: string;
  effect: RuleEffect | undefined;
  /** The rule that decided; for a deny rule that only may match (unknown words) the effect is ask. */
  rule: PermissionRule | undefined;
  /** The rule may match: a word the guard could not read leaves it open. */
  maybe: boolean;
}

export interface RuleVerdict {
  effect: RuleEffect | undefined;
  rule: PermissionRule | undefined;
  subjects: SubjectVerdict[];
}

const STRENGTH: Record<RuleEffect, number> = { deny: 3, ask: 2, allow: 1 };

/** The rules' verdict on a call of `tool` with these subjects. */
export function judgeCall(rules: readonly PermissionRule[], tool: string, subjects: CallSubjects): RuleVerdict {
  const mine = rules.filter((rule) => rule.tool(tool));
  const verdicts = subjectVerdicts(mine, subjects);
  const strongest = verdicts.reduce<SubjectVerdict | undefined>((best, v) => (v.effect !== undefined && (best?.effect === undefined || STRENGTH[v.effect] > STRENGTH[best.effect]) ? v : best), undefined);
  if (strongest === undefined || strongest.effect === undefined) return { effect: undefined, rule: undefined, subjects: verdicts };
  if (strongest.effect === "allow" && verdicts.some((v) => v.effect !== "allow")) return { effect: undefined, rule: undefined, subjects: verdicts };
  return { effect: strongest.effect, rule: strongest.rule, subjects: verdicts };
}

function subjectVerdicts(rules: readonly PermissionRule[], subjects: CallSubjects): SubjectVerdict[] {
  if (subjects.kind === "command") {
    if (subjects.commands.length === 0) return [verdictOn(rules, "", () => false)];
    return subjects.commands.map((cmd) => verdictOn(rules, commandText(cmd), (rule) => commandMatch(rule, cmd)));
  }
  if (subjects.kind === "path") {
    const { abs, real, root } = subjects;
    return [
      verdictOn(rules, abs, (rule) => {
        const subject = rule.subject;
        if (subject?.kind !== "path") return false;
        // An allow must hold for the path as written and where it really lands; deny or ask for either.
        return rule.effect === "allow" ? subject.matches(abs, root) && subject.matches(real, root) : subject.matches(abs, root) || subject.matches(real, root);
      }),
    ];
  }
  return [verdictOn(rules, "", () => false)];
}

/** The strongest matching rule for one subject; bare-name rules match every subject. */
function verdictOn(rules: readonly PermissionRule[], subject: string, match: (rule: PermissionRule) => boolean | "maybe"): SubjectVerdict {
  let best: SubjectVerdict = { subject, effect: undefined, rule: undefined, maybe: false };
  for (const rule of rules) {
    const hit = rule.subject === undefined ? true : match(rule);
    if (hit === false) continue;
    // A rule that only may match can force a question, never allow nor deny outright.
    if (hit === "maybe" && rule.effect === "allow") continue;
    const effect: RuleEffect = hit === "maybe" ? "ask" : rule.effect;
    if (best.effect === undefined || STRENGTH[effect] > STRENGTH[best.effect]) best = { subject, effect, rule, maybe: hit === "maybe" };
  }
  return best;
}

function commandMatch(rule: PermissionRule, cmd: InnerCommandLike): boolean | "maybe" {
  const subject = rule.subject;
  return subject?.kind === "command" ? subject.matches(cmd.argv) : false;
}

export function commandText(cmd: InnerCommandLike): string {
  return cmd.text ?? cmd.argv.join(" ");
}
