/** One thing the guard found in a command: the rule, why, and what it means for the verdict. */
export interface Finding {
  key: string;
  reason: string;
  verdict: "ask" | "refuse";
  /** Only a person answering this very request may approve it (see RuleHit.explicit). */
  explicit?: true;
  /**
   * What the sandbox cannot contain (data destroyed elsewhere: datastores, buckets, remote
   * repositories): kept when the command runs sandboxed. Refusals are always kept.
   */
  remote?: true;
}
