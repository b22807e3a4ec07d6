/** Plain-words meanings of exit codes the model often misreads as failures (or as successes). */

// Commands for which exit code 1 is an answer, not an error.
const ONE_IS_AN_ANSWER: Record<string, string> = {
  grep: "No matches found (grep exits 1 when nothing matched; not an error)",
  egrep: "No matches found (grep exits 1 when nothing matched; not an error)",
  fgrep: "No matches found (grep exits 1 when nothing matched; not an error)",
  rg: "No matches found (rg exits 1 when nothing matched; not an error)",
  ag: "No matches found (ag exits 1 when nothing matched; not an error)",
  diff: "Files differ (diff exits 1 when it found differences; not an error)",
  cmp: "Files differ (cmp exits 1 when it found differences; not an error)",
  test: "The condition was false (test exits 1; not an error)",
  "[": "The condition was false (test exits 1; not an error)",
};

const GENERAL: Record<number, string> = {
  124: "Timed out",
  126: "Command found but not executable (permission denied or not a program)",
  127: "Command not found (check the spelling, or whether it is installed and on PATH)",
  130: "Interrupted (SIGINT)",
  137: "Killed (SIGKILL; often the out-of-memory killer)",
  141: "Broken pipe (SIGPIPE; the reader went away, usually harmless after head)",
  143: "Terminated (SIGTERM)",
};

/** The command names of each simple command in a shell line, skipping `VAR=x`, sudo and paths. */
function commandNames(command: string): string[] {
  return command
    .split(/\|\|?|&&|;|\n/)
    .map((segment) => {
      const words = segment.trim().split(/\s+/).filter((w) => !/^\w+=/.test(w) && w !== "sudo" && w !== "!");
      const first = words[0] ?? "";
      return first.slice(first.lastIndexOf("/") + 1);
    })
    .filter((name) => name !== "");
}

export function exitCodeMeaning(command: string, exitCode: number): string | undefined {
  if (exitCode === 1) {
    // The last grep-like command is the likeliest source of the 1.
    const answering = commandNames(command).reverse().find((name) => name in ONE_IS_AN_ANSWER);
    return answering === undefined ? undefined : ONE_IS_AN_ANSWER[answering];
  }
  return GENERAL[exitCode];
}
