/** Exit codes shared by every quiver command, so scripts can tell failures apart. */
export const EXIT = {
  ok: 0,
  /** The command ran but failed: a tool returned an error, the model call failed. */
  failure: 1,
  /** The command line was wrong: unknown tool or toolset, bad JSON, missing configuration. */
  usage: 2,
  /** Interrupted by Ctrl-C / SIGINT. */
  interrupted: 130,
} as const;

/** An error whose message is for the user (no stack trace) and which carries the exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(message);
    this.name = "CliError";
  }
}

/** Runs a command action, turning a CliError into its message and exit code. */
export async function runAction(action: () => Promise<number | void>): Promise<void> {
  try {
    const code = await action();
    process.exitCode = code ?? EXIT.ok;
  } catch (err) {
    if (!(err instanceof CliError)) return reportUnexpected(err);
    process.stderr.write(`quiver: ${err.message}\n`);
    process.exitCode = err.exitCode;
  }
}

/** The last resort for an error no command turned into a message: one line and exit 1; the stack only with --verbose. */
function reportUnexpected(err: unknown): void {
  const verbose = process.argv.some((arg) => arg === "-v" || arg === "--verbose" || arg === "--debug") || process.env.QUIVER_LOG_LEVEL === "debug";
  const message = (err instanceof Error ? err.message : String(err)).split("\n")[0];
  const details = verbose && err instanceof Error ? `\n${err.stack ?? ""}` : " (run with --verbose for the details)";
  process.stderr.write(`quiver: ${message}${details}\n`);
  process.exitCode = EXIT.failure;
}
