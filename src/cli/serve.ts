/** `quiver serve`: load the tools, connect configured MCP servers, then serve over stdio or HTTP. */
import type { QuiverServerOptions } from "../mcp/server.js";
import type { ServeStore } from "../mcp/serve-store.js";
import { validateToolset } from "../calls/toolsets.js";
import { CliError, EXIT } from "./exit-codes.js";
import { startRuntime } from "./runtime.js";
import { loadConfig } from "../config/config.js";
import type { QuiverConfig } from "../config/types.js";
import { checkpointHook } from "./checkpoint-hook.js";
import type { Runtime } from "./runtime.js";
import { DEFAULT_SERVE_PORT } from "./options.js";
import type { ServeOptions } from "./options.js";

/** Clients wait for the handshake; slower MCP servers join later and clients hear list_changed. */
const SERVE_MCP_WAIT_MS = 5_000;

export async function runServe(opts: ServeOptions): Promise<number> {
  if (opts.http === true && opts.stdio === true) throw new CliError("choose one of --stdio and --http");
  const http = opts.http === true;
  if (!http && (opts.stateless === true || opts.store !== undefined)) throw new CliError("--stateless and --store are for --http");
  const port = parsePort(opts.port);
  const token = opts.token ?? process.env.QUIVER_SERVE_TOKEN;
  // On stdio, stdout is the protocol stream: anything printed there by accident would corrupt it.
  if (!http) console.log = console.info = console.debug = console.error;
  const report = (line: string) => process.stderr.write(`${line}\n`);
  const config = await loadConfig();
  const runtime = await startRuntime({ mcp: opts.mcp, mcpWaitMs: SERVE_MCP_WAIT_MS, report, config, ...(opts.sandbox !== undefined && { sandbox: opts.sandbox }) });
  // The connected servers' resources and prompts are served beside quiver's own.
  const stopProxy = runtime.mcp === undefined ? undefined : (await import("../mcp/proxy-catalog.js")).proxyServerCatalogs(runtime.mcp);
  try {
    const serverOpts = { ...selection(opts, runtime), ...writeHook(config) };
    if (!http) {
      const { serveMcpOverStdio } = await import("../mcp/stdio-server.js");
      const server = await serveMcpOverStdio(serverOpts);
      await Promise.race([server.closed, signalled()]);
      await server.close();
      return EXIT.ok;
    }
    const shared = await statelessStore(opts, config);
    const { serveMcpOverHttp } = await import("../mcp/http-server.js");
    const server = await serveMcpOverHttp({ ...serverOpts, port, ...(opts.host !== undefined && { host: opts.host }), ...(token !== undefined && { token }), ...shared }).catch(
      async (err: unknown) => {
        await shared.store?.close();
        throw new CliError(err instanceof Error ? err.message : String(err));
      },
    );
    const mode = shared.stateless === true ? `, stateless, store ${shared.store?.kind ?? "memory"}` : "";
    report(`quiver: serving MCP over Streamable HTTP at ${server.url}${token !== undefined ? " (bearer token required)" : ""}${mode}; Ctrl-C stops`);
    await signalled();
    // SIGTERM (a deploy, a scale-down): finish what runs, hand the streams to other instances.
    report("quiver: draining (health check 503, open streams closed with a retry hint, in-flight calls finishing)");
    await server.drain();
    await server.close();
    await shared.store?.close();
    return EXIT.ok;
  } finally {
    stopProxy?.();
    await runtime.close();
  }
}

/** `--stateless` / `serve.stateless`, and the store its instances share (`--store` / `serve.store`). */
async function statelessStore(opts: ServeOptions, config: QuiverConfig): Promise<{ stateless?: boolean; store?: ServeStore; advertiseUrl?: string }> {
  const stateless = opts.stateless === true || config.serve?.stateless === true;
  const spec = opts.store ?? config.serve?.store;
  if (!stateless) {
    if (opts.store !== undefined) throw new CliError("--store needs --stateless: only stateless instances share a store");
    return {};
  }
  if (opts.advertiseUrl !== undefined && !/^http:\/\/[^/]+\/mcp$/.test(opts.advertiseUrl)) {
    throw new CliError(`--advertise-url takes this instance's endpoint as the others reach it, e.g. http://10.0.0.5:8765/mcp; got ${JSON.stringify(opts.advertiseUrl)}`);
  }
  const { openServeStore } = await import("../mcp/open-serve-store.js");
  try {
    return { stateless, store: await openServeStore(spec), ...(opts.advertiseUrl !== undefined && { advertiseUrl: opts.advertiseUrl }) };
  } catch (err) {
    throw new CliError(err instanceof Error ? err.message : String(err));
  }
}

function selection(opts: ServeOptions, runtime: Runtime): QuiverServerOptions {
  const enabled = splitList(opts.toolsets);
  const disabled = splitList(opts.disableToolsets);
  // A configured MCP server that is still connecting counts as a known toolset.
  const pending = new Set((runtime.mcp?.serverNames ?? []).flatMap((name) => [name, `mcp-${name}`]));
  const unknown = [...(enabled ?? []), ...(disabled ?? [])].filter((ts) => !validateToolset(ts) && !pending.has(ts));
  if (unknown.length > 0) throw new CliError(`unknown toolset(s): ${unknown.join(", ")} (see \`quiver tools list\`)`);
  return {
    enabledToolsets: enabled,
    disabledToolsets: disabled,
    allowDangerous: opts.allowDangerous === true,
  };
}

/** Each writing call is checkpointed first (deduplicated by tree: an unchanged project reuses the last). */
function writeHook(config: QuiverConfig): Pick<QuiverServerOptions, "beforeWrite"> {
  const hook = checkpointHook(config);
  if (hook === undefined) return {};
  return { beforeWrite: async (tool, args) => void (await hook.take({ tool, args })) };
}

function splitList(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  return raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_SERVE_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new CliError(`--port takes a port number 0-65535, got ${JSON.stringify(raw)}`);
  return port;
}

function signalled(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      process.off("SIGINT", done);
      process.off("SIGTERM", done);
      resolve();
    };
    process.once("SIGINT", done);
    process.once("SIGTERM", done);
  });
}
