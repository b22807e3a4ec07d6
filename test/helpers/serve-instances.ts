/**
 * `quiver serve --http --stateless` instances as real child processes of the built CLI, each
 * with its own HOME and QUIVER_HOME, sharing one store; used by the scale-out test and bench.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { cliEnv, startCli, type CliResult, type RunningCli } from "./cli.js";

export const SCALE_TOOLS = resolve(import.meta.dirname, "../mcp/fixtures/scale-tools.mjs");

export interface ServeInstance {
  url: string;
  port: number;
  pid: number;
  cli: RunningCli;
  /** SIGTERM: the instance drains and exits. */
  terminate(): Promise<CliResult>;
  stop(): Promise<void>;
}

export interface InstanceOptions {
  store: string;
  /** Where scale_slow marks the calls it runs (SCALE_MARKS). */
  marks?: string;
  extraArgs?: string[];
  /** More tool files for its $QUIVER_HOME/tools. */
  tools?: string[];
}

export async function startServeInstance(opts: InstanceOptions): Promise<ServeInstance> {
  const home = mkdtempSync(join(tmpdir(), "quiver-scale-"));
  mkdirSync(join(home, "quiver", "tools"), { recursive: true });
  for (const file of [SCALE_TOOLS, ...(opts.tools ?? [])]) copyFileSync(file, join(home, "quiver", "tools", basename(file)));
  // A call that may write takes a checkpoint first; these tools only answer, and no project is served.
  writeFileSync(join(home, "quiver", "config.yaml"), "checkpoints:\n  enabled: false\n");
  const env = cliEnv({ HOME: home, QUIVER_HOME: join(home, "quiver"), SCALE_MARKS: opts.marks });
  const args = ["serve", "--http", "--stateless", "--store", opts.store, "--port", "0", "--no-mcp", "--sandbox", "off", "--toolsets", "scale", ...(opts.extraArgs ?? [])];
  const cli = startCli(args, env, { cwd: home });
  const cleanup = (): void => rmSync(home, { recursive: true, force: true });
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`quiver serve did not start in 30 s: ${cli.stderr()}`)), 30_000);
    const look = (): void => {
      const match = /serving MCP over Streamable HTTP at (\S+?)[;, ]/.exec(cli.stderr());
      if (match === null) return;
      clearTimeout(timer);
      cli.child.stderr!.off("data", look);
      resolveUrl(match[1] as string);
    };
    cli.child.stderr!.on("data", look);
    void cli.done.then((result) => reject(new Error(`quiver serve exited (${result.code ?? result.signal}) before serving: ${result.stderr}`)));
  }).catch((err: unknown) => {
    cli.child.kill("SIGKILL");
    cleanup();
    throw err;
  });
  return {
    url,
    port: Number(new URL(url).port),
    pid: cli.child.pid!,
    cli,
    async terminate() {
      cli.child.kill("SIGTERM");
      return cli.done;
    },
    async stop() {
      if (cli.child.exitCode === null && cli.child.signalCode === null) cli.child.kill("SIGKILL");
      await cli.done.catch(() => undefined);
      cleanup();
    },
  };
}
