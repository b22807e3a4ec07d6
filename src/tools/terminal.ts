/**
 * `terminal`: runs a shell command with bash in its own process group, inside the OS sandbox
 * where one can run (src/sandbox/). Catastrophic commands are refused, dangerous ones need the
 * user's approval (see src/safety/), and the child's environment is an allowlist.
 */
import { registry, toolError, toolResult, createLogger } from "../registry/index.js";
import type { ToolContext } from "../registry/index.js";
import { commandEnv } from "../sandbox/env.js";
import { gateCommand, prepareCommandGate } from "./approval.js";
import { exitCodeMeaning } from "./exit-codes.js";
import { displayPath, resolveUserPath, statOrUndefined } from "./path-safety.js";
import { runCommand, type RunOptions, type RunResult } from "./run-command.js";
import { placeCommand, prepareSandbox, type Placement } from "./terminal-sandbox.js";
import { ToolInputError, optionalNumberArg, optionalStringArg, reportingInputErrors, stringArg } from "./tool-input.js";

const DEFAULT_TIMEOUT_S = 180;
const MAX_TIMEOUT_S = 600;

/** How often a running command reports progress to a caller that listens. */
const PROGRESS_INTERVAL_MS = 1_000;
const log = createLogger("tool:terminal");

export interface TerminalResult {
  output: string;
  exit_code: number;
  error?: string;
  exit_code_meaning?: string;
  /** What the sandbox stopped and how to allow it, in one line. */
  sandbox_blocked?: string;
  /** Set when the command ran outside the sandbox although one was asked for. */
  sandbox_note?: string;
}

async function terminal(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
  const command = stringArg(args, "command");
  const timeoutS = optionalNumberArg(args, "timeout") ?? DEFAULT_TIMEOUT_S;
  if (!(timeoutS > 0)) throw new ToolInputError(`"timeout" must be a positive number of seconds, got ${timeoutS}`);
  if (timeoutS > MAX_TIMEOUT_S) {
    throw new ToolInputError(
      `timeout ${timeoutS} s is over the ${MAX_TIMEOUT_S} s maximum. Use at most ${MAX_TIMEOUT_S}, or start the job in the ` +
        "background with its output redirected to a file (cmd > out.log 2>&1 &) and check on it later.",
    );
  }
  const cwd = await workingDirectory(optionalStringArg(args, "workdir"));
  void warmUp(args); // when the caller did not run it beside the checkpoint
  const placement = await placeCommand(ctx, command, optionalStringArg(args, "escalate"));
  if ("refusal" in placement) return placement.refusal;

  const gate = await gateCommand(ctx, "terminal", command, { cwd, sandboxed: placement.sandboxed });
  if ("refusal" in gate) return gate.refusal;
  const programs = gate.passed.commands.map((inner) => inner.argv[0] ?? "");

  const started = Date.now();
  // A long command reports that it is still running (MCP clients show it, and it keeps their timeout alive).
  const report = ctx.progress;
  const ticker = report === undefined ? undefined : setInterval(() => {
    const seconds = Math.round((Date.now() - started) / 1000);
    report({ progress: seconds, message: `running for ${seconds} s` });
  }, PROGRESS_INTERVAL_MS);
  const outcome = await runPlaced({ command, cwd, timeoutMs: timeoutS * 1000, ...(ctx.signal !== undefined && { signal: ctx.signal }) }, placement, programs).finally(() =>
    clearInterval(ticker),
  );
  if ("refusal" in outcome) return outcome.refusal;
  const { run, blocked } = outcome;
  log.debug("command finished", { exitCode: run.exitCode, ms: Date.now() - started, stopped: run.stopped, sandboxed: placement.sandboxed });

  if (run.spawnError !== undefined) return toolError(`Could not start bash to run the command: ${run.spawnError}`);
  const result: TerminalResult = { output: run.output, exit_code: run.exitCode };
  if (run.stopped === "timeout") {
    result.error = placement.sandboxed
      ? `Command timed out after ${timeoutS} s; its sandbox was killed. Raise "timeout" (max ${MAX_TIMEOUT_S} s): in the sandbox a background job ends with its command.`
      : `Command timed out after ${timeoutS} s; its process group was killed. Raise "timeout" (max ${MAX_TIMEOUT_S} s) or run it in the background with output redirected to a file.`;
  } else if (run.stopped === "abort") {
    result.error = "Command was interrupted (cancelled by the caller); its process group was killed.";
  } else if (run.stoppedBackground) {
    result.output += placement.sandboxed
      ? "\n[background processes were stopped when the command ended: in the sandbox nothing outlives its command]"
      : "\n[background processes that still held the output open were stopped when the command ended; redirect their output (cmd > file 2>&1 &) to keep them running]";
  }
  if (blocked !== undefined) result.sandbox_blocked = blocked;
  if (!placement.sandboxed && placement.note !== undefined) result.sandbox_note = placement.note;
  const meaning = exitCodeMeaning(command, run.exitCode);
  if (meaning !== undefined && run.exitCode !== 0) result.exit_code_meaning = meaning;
  return toolResult(result);
}

/**
 * Runs the command where `placement` says: wrapped in the sandbox (then checked for what it
 * blocked), or plain. `programs` (what the guard read) decide whether it needs the network bridge.
 */
async function runPlaced(
  base: RunOptions,
  placement: Exclude<Placement, { refusal: string }>,
  programs: readonly string[],
): Promise<{ run: RunResult; blocked?: string } | { refusal: string }> {
  const env = commandEnv();
  if (!placement.sandboxed) return { run: await runCommand({ ...base, env }) };
  const [{ sandboxCwdProblem, wrapCommand }, { mayUseNetwork }] = await Promise.all([import("../sandbox/wrap.js"), import("../sandbox/offline.js")]);
  const problem = placement.backend.kind === "bwrap" ? sandboxCwdProblem(base.cwd) : undefined;
  if (problem !== undefined) return { refusal: toolError(problem, { error_type: "sandbox_workdir" }) };
  const network = mayUseNetwork(base.command, programs);
  const wrapped = await wrapCommand(["bash", "-c", base.command], placement.backend, { cwd: base.cwd, env, network });
  const run = await runCommand({ ...base, env: wrapped.env, spawn: wrapped });
  const blocked = await wrapped.finish({ command: base.command, output: run.output, killed: run.stopped !== undefined || run.stoppedBackground, exitCode: run.exitCode });
  return blocked === undefined ? { run } : { run, blocked };
}

/**
 * The guard's grammar loads while the sandbox probe waits on bwrap: a fresh process pays for the
 * slower one only. A command of plain words is judged without the grammar, so it is not loaded.
 */
async function warmUp(args: Readonly<Record<string, unknown>>): Promise<void> {
  const command = typeof args.command === "string" ? args.command : undefined;
  await Promise.all([prepareCommandGate(command), prepareSandbox()]).catch(() => undefined); // the call reports a failure
}

async function workingDirectory(workdir: string | undefined): Promise<string> {
  if (workdir === undefined) return process.cwd();
  const path = resolveUserPath(workdir);
  const stats = await statOrUndefined(path);
  if (stats === undefined) throw new ToolInputError(`workdir does not exist: ${displayPath(path)}. Create it first or pass an existing directory.`);
  if (!stats.isDirectory()) throw new ToolInputError(`workdir is not a directory: ${displayPath(path)}`);
  return path;
}

const terminalHandler = reportingInputErrors(terminal);

registry.register({
  name: "terminal",
  toolset: "terminal",
  emoji: "💻",
  // The tool kills its own process group on timeout; an outer timeout would orphan it.
  timeoutMs: Infinity,
  warmUp,
  schema: {
    name: "terminal",
    description:
      "Run a shell command with bash and return its combined stdout/stderr and exit code. Output over 50 000 chars keeps " +
      "the first 40% and the last 60%. Default timeout 180 s (max 600). Dangerous commands (recursive rm, git history loss, " +
      "chmod 777, curl | sh, code run from variables or eval, writes to ~/.ssh, /etc, shell rc files or .git/hooks, " +
      "find -delete, kill/shutdown, SQL DROP) need the user's approval; catastrophic ones (rm -rf / or ~, mkfs or dd on a " +
      "disk, fork bombs) are always refused. Secret-looking environment variables are not passed on. Stdin is closed: " +
      "avoid interactive programs.",
    parameters: {
      type: "object",
      properties: {
        command: { type: "string", description: "The bash command line to run." },
        timeout: { type: "number", description: "Timeout in seconds (default 180, max 600)." },
        workdir: { type: "string", description: "Directory to run in (default: the current directory). Must exist." },
        escalate: {
          type: "string",
          description: "Only when the sandbox blocked something the task needs: why this command must run outside the sandbox. The user is asked to approve it explicitly.",
        },
      },
      required: ["command"],
      additionalProperties: false,
    },
  },
  handler: terminalHandler,
});
