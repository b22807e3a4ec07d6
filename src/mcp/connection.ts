/**
 * One configured MCP server: connects, registers its tools into toolset `mcp-<server>`,
 * keeps them in step with `notifications/tools/list_changed`, withdraws them when the server
 * goes away and reconnects in the background with backoff.
 *
 * Every connection attempt gets a new epoch; callbacks of an older attempt compare epochs and
 * do nothing, so a late event from a dead client can never touch the registry.
 */
import { ProtocolError, SdkError, SdkHttpError } from "@modelcontextprotocol/client";
import type { Client, Tool } from "@modelcontextprotocol/client";
import { createLogger, describeError, toolError } from "../registry/index.js";
import type { ToolContext, ToolOutput, ToolRegistry } from "../registry/index.js";
import { backoffDelay } from "./backoff.js";
import type { BackoffOptions } from "./backoff.js";
import { CLIENT_CAPABILITIES, installClientHandlers, ServerLogTail } from "./client-handlers.js";
import type { ClientHooks } from "./client-handlers.js";
import { CoalescingRunner } from "./coalesce.js";
import { ListExpiry } from "./list-expiry.js";
import type { McpServerConfig } from "./config.js";
import { invalidToolReporter, LenientClient } from "./lenient-client.js";
import { QUIVER_IMPLEMENTATION } from "./identity.js";
import { connectLink, describeConnectError, openLink } from "./link.js";
import type { ServerLink } from "./link.js";
import { openSandboxedLink } from "./sandboxed-link.js";
import { mcpToolsetName } from "./names.js";
import { listAllTools, toolFilter } from "./remote-tools.js";
import { callFailure, callRemoteTool, errorMessage, notConnected, requestOptions } from "./remote-call.js";
import { callGenericTool, genericTools, isGenericTool, listAllPrompts } from "./resource-tools.js";
import { isSkillTool, listAllSkills, SkillShelf } from "./skills.js";
import { callToolAsTask, runsAsTask } from "./task-call.js";
import { approveDestructive } from "./destructive.js";
import type { McpServerState, McpServerStatus } from "./status.js";
import { ServerTools } from "./server-tools.js";
import { signedFetch } from "./oauth/connection-auth.js";
import type { ConnectionAuth } from "./oauth/connection-auth.js";
import type { SignInUi } from "./oauth/session.js";

const log = createLogger("mcp");

/** A liveness probe after a transport error must answer within this. */
const PROBE_TIMEOUT_MS = 5_000;

export interface ConnectionOptions {
  registry: ToolRegistry;
  backoff: BackoffOptions;
  /** Quiet period that coalesces a burst of list_changed notifications into one re-list. */
  refreshDebounceMs: number;
  hooks: ClientHooks;
  /** Present: this connection may start a browser sign-in when the server needs one. */
  signIn?: SignInUi;
}

export class McpServerConnection {
  readonly config: McpServerConfig;
  readonly toolset: string;
  readonly #opts: ConnectionOptions;
  readonly #matches: (tool: string) => boolean;
  readonly #refresher: CoalescingRunner;
  readonly #tools: ServerTools;
  readonly #cleanups = new Set<Promise<void>>();
  readonly #logTail = new ServerLogTail();
  readonly #expiry = new ListExpiry();
  readonly #skills = new SkillShelf();
  /** Tools withdrawn by a drop; a call to one waits briefly for the reconnect instead of "Unknown tool". */
  readonly reconnecting = new Set<string>();
  #state: McpServerState = "connecting";
  #error: string | undefined;
  #client: LenientClient | undefined;
  #link: ServerLink | undefined;
  #epoch = 0;
  #failures = 0;
  #retryTimer: NodeJS.Timeout | undefined;
  #retryAt: number | undefined;
  #probing = false;
  #closed = false;
  readonly #reportInvalid: ReturnType<typeof invalidToolReporter>;
  /** HTTP servers: OAuth sign-in state (src/mcp/oauth/), made on the first connect. */
  #auth: ConnectionAuth | undefined;

  constructor(config: McpServerConfig, opts: ConnectionOptions) {
    this.config = config;
    this.toolset = mcpToolsetName(config.name);
    this.#opts = opts;
    this.#matches = toolFilter(config);
    this.#tools = new ServerTools({ server: config.name, toolset: this.toolset, registry: opts.registry, matches: this.#matches, call: (tool, args, ctx) => this.call(tool, args, ctx) });
    this.#reportInvalid = invalidToolReporter(config.name, (line) => log.warn(line));
    this.#refresher = new CoalescingRunner(() => this.#refresh(), opts.refreshDebounceMs, (err) =>
      log.warn(`MCP server "${config.name}": refreshing the tool list failed: ${describeError(err)}`),
    );
  }

  get state(): McpServerState {
    return this.#state;
  }

  /** Starts connecting; resolves (never rejects) when the first attempt succeeded or failed. */
  start(): Promise<void> {
    return this.#connect();
  }

  status(): McpServerStatus {
    const status: McpServerStatus = {
      name: this.config.name,
      transport: this.config.transport,
      toolset: this.toolset,
      state: this.#state,
      toolCount: this.#tools.registered.size,
      tools: [...this.#tools.registered.keys()].sort(),
      collisions: [...this.#tools.collisions],
      withheld: [...this.#tools.withheld],
      failedAttempts: this.#failures,
      log: this.#logTail.lines(),
    };
    if (this.#error !== undefined) status.error = this.#error;
    if (this.#retryAt !== undefined) status.nextRetryInMs = Math.max(0, this.#retryAt - Date.now());
    const server = this.#state === "connected" ? this.#client?.getServerVersion() : undefined;
    if (server !== undefined) status.server = { name: server.name, version: server.version };
    const revision = this.#state === "connected" ? this.#client?.getNegotiatedProtocolVersion() : undefined;
    if (revision !== undefined) status.protocolVersion = revision;
    const auth = this.#auth?.status();
    if (auth !== undefined) status.auth = auth;
    return status;
  }

  /** The server's own tools of the last listing, within include/exclude; undefined unless connected. */
  ownTools(): Tool[] | undefined {
    return this.#state === "connected" ? [...this.#tools.own].filter((t) => this.#matches(t.name)) : undefined;
  }

  /** Waits until pending list_changed refreshes have been applied. */
  settled(): Promise<void> {
    return this.#refresher.idle();
  }

  /** The server's `instructions` from the handshake, while it is connected. */
  instructions(): string | undefined {
    return this.#state === "connected" ? this.#client?.getInstructions() : undefined;
  }

  /** The connected SDK client, for the REPL's resource and prompt commands. */
  get client(): Client | undefined {
    return this.#state === "connected" ? this.#client : undefined;
  }

  /** Tells the server its roots changed (the working directory moved, or the config did). */
  async notifyRootsChanged(): Promise<void> {
    if (this.#state !== "connected") return;
    await this.#client?.sendRootsListChanged().catch((err: unknown) => log.debug(`roots/list_changed to "${this.config.name}" failed: ${errorMessage(err)}`));
  }

  /** Calls one of the server's tools by its own name; never rejects. */
  async call(tool: string, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
    const listed = this.#tools.listed.get(tool);
    const refusal = listed !== undefined ? await approveDestructive(this.config, listed, args, ctx) : undefined;
    if (refusal !== undefined) return refusal;
    const client = this.#client;
    if (this.#state !== "connected" || client === undefined) return toolError(notConnected(this.config.name, tool, this.#error, this.#retryAt));
    try {
      if (isSkillTool(listed)) return await this.#skills.call(client, tool, args, requestOptions(this.config, ctx));
      // A skill's file is only ever read verified, whichever tool asks for it.
      if (tool === "read_resource" && this.#skills.owns(String(args.uri))) return await this.#skills.readFile(client, String(args.uri), requestOptions(this.config, ctx));
      if (isGenericTool(listed)) return await callGenericTool(client, tool, args, requestOptions(this.config, ctx));
      if (runsAsTask(client, listed)) return await callToolAsTask(client, this.config, tool, args, ctx);
      return await callRemoteTool(client, this.config, tool, args, ctx);
    } catch (err) {
      if (!answered(err) && ctx.signal?.aborted !== true && this.config.transport === "http") this.#probe(this.#epoch);
      return toolError(callFailure(this.config, tool, err, ctx.signal));
    }
  }

  /** Stops retrying, withdraws the tools and ends the server process or session. */
  async close(): Promise<void> {
    const wasConnected = this.#state === "connected";
    this.#closed = true;
    this.reconnecting.clear();
    this.#epoch++;
    this.#state = "closed";
    this.#refresher.stop();
    this.#expiry.clear();
    this.#clearRetry();
    this.#tools.withdraw();
    // A connected server is asked to exit (stdin closed); one still connecting may be hung.
    this.#dispose(!wasConnected);
    await Promise.all(this.#cleanups);
  }

  async #connect(): Promise<void> {
    const epoch = ++this.#epoch;
    this.#retryAt = undefined;
    if (this.#failures === 0) this.#state = "connecting";
    let link: ServerLink;
    try {
      if (this.config.transport === "http") this.#auth ??= await signedFetch(this.config, this.#opts.signIn);
      link = this.config.transport === "stdio" && this.config.sandbox ? await openSandboxedLink(this.config, log) : openLink(this.config, log, await this.#auth?.fetchFn());
    } catch (err) {
      if (epoch === this.#epoch) this.#failed(`cannot start in the sandbox: ${errorMessage(err)}`);
      return;
    }
    if (epoch !== this.#epoch) return link.terminate();
    // "auto": 2026-07-28 with a server that offers it (server/discover), the 2025 handshake with the rest.
    const client = new LenientClient(QUIVER_IMPLEMENTATION, { capabilities: CLIENT_CAPABILITIES, versionNegotiation: { mode: "auto" } });
    installClientHandlers(client, this.config, this.#opts.hooks, log, this.#logTail, () => this.#refresher.request());
    client.onInvalidTools = (tools) => this.#reportInvalid(tools);
    this.#client = client;
    this.#link = link;
    client.onclose = () => this.#lost(epoch, "the server closed the connection");
    client.onerror = (err) => this.#transportError(epoch, err);
    const timeoutMs = this.config.connectTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    // The SDK times the requests; this also bounds anything before them (e.g. a hung spawn).
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within the connect timeout (${timeoutMs / 1000} s)`)), timeoutMs);
      timer.unref();
    });
    try {
      const tools = await Promise.race([this.#handshake(client, link, timeoutMs), deadline]);
      if (epoch !== this.#epoch) return;
      this.#state = "connected";
      this.#error = undefined;
      this.#failures = 0;
      this.#tools.sync(tools);
      this.#expiry.schedule(client.toolsTtlMs, () => this.#refresher.request());
      this.reconnecting.clear();
      log.info(`MCP server "${this.config.name}" connected with ${this.#tools.registered.size} tool(s)`);
    } catch (err) {
      if (epoch !== this.#epoch) return;
      this.#failed(describeConnectError(this.config, err, link));
    } finally {
      clearTimeout(timer);
    }
  }

  async #handshake(client: LenientClient, link: ServerLink, timeoutMs: number): Promise<Tool[]> {
    const started = Date.now();
    const used = await connectLink(client, link, this.config, timeoutMs, log);
    if (this.#client === client) this.#link = used;
    return this.#listTools(client, Math.max(1, timeoutMs - (Date.now() - started)));
  }

  /** The server's tools plus the generic resource/prompt/skill tools its capabilities call for. */
  async #listTools(client: Client, timeoutMs: number): Promise<Tool[]> {
    const capabilities = client.getServerCapabilities();
    const own = capabilities?.tools === undefined ? [] : await listAllTools(client, timeoutMs);
    this.#tools.own = new Set(own);
    const prompts = await listAllPrompts(client, { timeout: timeoutMs });
    // A broken skills listing costs the skills, not the server's tools.
    const skills = await listAllSkills(client, { timeout: timeoutMs }).catch((err: unknown) => {
      log.warn(`MCP server "${this.config.name}": skills/list failed, its skills are not offered: ${errorMessage(err)}`);
      return [];
    });
    this.#skills.stock(skills);
    return [...own, ...genericTools(this.config.name, capabilities, prompts), ...this.#skills.tools(this.config.name)];
  }

  #failed(message: string): void {
    this.#failures++;
    this.#state = "failed";
    this.#error = message;
    this.#epoch++;
    this.#tools.withdraw();
    this.#dispose(true);
    const delay = this.#scheduleRetry();
    // Callers report start-up failures from status(); a dead server retried all day should not fill the terminal.
    const report = this.#failures === 1 ? log.info : log.debug;
    report(`MCP server "${this.config.name}" failed: ${message} (retrying in ${(delay / 1000).toFixed(1)} s)`);
  }

  /** The connection of `epoch` dropped after it had been established. */
  #lost(epoch: number, reason: string): void {
    if (epoch !== this.#epoch || this.#closed || this.#state !== "connected") return;
    const tail = this.#link?.stderrTail() ?? "";
    this.#epoch++;
    this.#state = "connecting";
    this.#error = `disconnected: ${reason}${tail !== "" ? `; stderr: ${tail}` : ""}`;
    for (const name of this.#tools.registered.keys()) this.reconnecting.add(name);
    this.#tools.withdraw();
    this.#dispose(false);
    const delay = this.#scheduleRetry();
    log.warn(`MCP server "${this.config.name}" ${this.#error}; its tools are withdrawn until it reconnects (in ${(delay / 1000).toFixed(1)} s)`);
  }

  // HTTP has no process to watch: after a transport error, a ping tells a blip from a dead server.
  #transportError(epoch: number, err: Error): void {
    log.debug(`MCP server "${this.config.name}" transport error: ${err.message}`);
    if (this.config.transport === "http") this.#probe(epoch);
  }

  #probe(epoch: number): void {
    const client = this.#client;
    if (this.#probing || epoch !== this.#epoch || this.#state !== "connected" || client === undefined) return;
    this.#probing = true;
    client
      .ping({ timeout: PROBE_TIMEOUT_MS })
      .then(
        () => undefined,
        (err: unknown) => this.#lost(epoch, `the server stopped answering (${errorMessage(err)})`),
      )
      .finally(() => (this.#probing = false));
  }

  #scheduleRetry(): number {
    this.#clearRetry();
    const delay = backoffDelay(Math.max(0, this.#failures - 1), this.#opts.backoff);
    this.#retryAt = Date.now() + delay;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      if (!this.#closed) void this.#connect();
    }, delay);
    this.#retryTimer.unref();
    return delay;
  }

  #clearRetry(): void {
    if (this.#retryTimer !== undefined) clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    this.#retryAt = undefined;
  }

  /** Drops the current client (ending its HTTP session first); `kill` ends a misbehaving process instead of asking it to exit. */
  #dispose(kill: boolean): void {
    this.#expiry.clear();
    const client = this.#client;
    const link = this.#link;
    this.#client = undefined;
    this.#link = undefined;
    if (client === undefined) return;
    client.onclose = undefined;
    client.onerror = undefined;
    if (kill) link?.terminate();
    const done = (link?.endSession() ?? Promise.resolve())
      .then(() => client.close())
      .catch((err: unknown) => log.debug(`closing MCP server "${this.config.name}": ${errorMessage(err)}`));
    this.#cleanups.add(done);
    void done.finally(() => this.#cleanups.delete(done));
  }

  async #refresh(): Promise<void> {
    const epoch = this.#epoch;
    const client = this.#client;
    if (this.#state !== "connected" || client === undefined) return;
    let tools: Tool[];
    try {
      tools = await this.#listTools(client, this.config.connectTimeoutMs);
    } catch (err) {
      // A refresh cut short by a disconnect is moot: the reconnect lists the tools afresh.
      if (epoch !== this.#epoch) return;
      throw err;
    }
    if (epoch !== this.#epoch || this.#state !== "connected") return;
    this.#tools.sync(tools);
    this.#expiry.schedule(client.toolsTtlMs, () => this.#refresher.request());
    log.debug(`MCP server "${this.config.name}" tool list refreshed: ${this.#tools.registered.size} tool(s)`);
  }
}

/** The server answered (an error, a timeout the SDK measured, a close it saw): no liveness probe needed. */
function answered(err: unknown): boolean {
  return err instanceof ProtocolError || (err instanceof SdkError && !(err instanceof SdkHttpError));
}
