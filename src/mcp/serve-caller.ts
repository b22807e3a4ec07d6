/**
 * ctx.elicit / ctx.sample / ctx.listRoots / ctx.log for a tool, prompt or resource served over MCP: they
 * reach the client of the session that called it. On 2025-11-25 (and older) they are server-to-client requests; on
 * 2026-07-28 they ride the call's input-required round trips (input-flights.ts). A client
 * that did not declare the capability is never asked: the tool gets a clear error instead.
 */
import { CLIENT_CAPABILITIES_META_KEY, inputRequired, MissingRequiredClientCapabilityError } from "@modelcontextprotocol/server";
import type { CallToolResult, ClientCapabilities, InputRequiredResult, Result, ListRootsResult, RequestMetaEnvelope, CreateMessageRequestParams, CreateMessageResult, CreateMessageResultWithTools, ElicitResult, Server, ServerContext } from "@modelcontextprotocol/server";
import { CallerUnavailableError } from "../registry/index.js";
import type { ToolCaller, ToolCallerInfo, ToolElicitRequest, ToolRoot, ToolElicitResult, ToolSampleRequest, ToolSampleResult } from "../registry/index.js";
import { serveRound } from "./input-flights.js";
import type { Flight } from "./input-flights.js";
import type { RequestNotifier, SessionLog } from "./session-logs.js";

/** The first revision without server-to-client requests. */
const MODERN = "2026-07-28";

export function isModernSession(server: Server): boolean {
  const version = server.getNegotiatedProtocolVersion();
  return version !== undefined && version >= MODERN;
}

/** What a request's handler is given to run with: its abort signal, its stream, and its caller. */
export type AskingRun<R extends Result> = (signal: AbortSignal, notify: RequestNotifier, caller: ToolCaller, flight: Flight<R> | undefined) => Promise<R>;

/**
 * Runs a request that may ask its caller (tools/call, prompts/get, resources/read) with the
 * channels of its revision: on 2025-era sessions those of the request, on 2026-07-28 those of a
 * flight, which answers `input_required` while a question waits and resumes on the retry.
 */
export function answerAsking<R extends Result>(server: Server, ctx: ServerContext, logs: SessionLog, run: AskingRun<R>): Promise<R | InputRequiredResult> {
  if (!isModernSession(server)) return logs.within(ctx.mcpReq.notify, () => run(ctx.mcpReq.signal, ctx.mcpReq.notify, legacyCaller(server, ctx, logs), undefined));
  return serveRound<R>(ctx, (flight) => logs.within(flight.notify, () => run(flight.controller.signal, flight.notify, flightCaller(server, ctx, flight), flight)));
}

/**
 * 2026-07-28: a prompt or resource that failed because it asked for a capability the client did
 * not declare is answered with -32021 (HTTP 400) naming it; any other failure is `err` as it is.
 */
export function missingCapabilityError(flight: Flight | undefined, err: unknown): unknown {
  if (flight?.missing === undefined) return err;
  const text = err instanceof Error ? err.message : String(err);
  return new MissingRequiredClientCapabilityError({ requiredCapabilities: { [flight.missing]: {} } }, text);
}

/** A 2025-era session: plain server-to-client requests, related to the call being handled. */
export function legacyCaller(server: Server, ctx: ServerContext, logs: SessionLog): ToolCaller {
  return {
    elicit: async (request) => {
      requireCapability(server, ctx, "elicitation", "ctx.elicit");
      return toElicitResult(await ctx.mcpReq.elicitInput({ mode: "form", message: request.message, requestedSchema: request.requestedSchema } as Parameters<ServerContext["mcpReq"]["elicitInput"]>[0], { signal: ctx.mcpReq.signal }));
    },
    sample: async (request) => {
      requireCapability(server, ctx, "sampling", "ctx.sample");
      return toSampleResult(await ctx.mcpReq.requestSampling(toSamplingParams(request), { signal: ctx.mcpReq.signal }));
    },
    listRoots: async () => {
      requireCapability(server, ctx, "roots", "ctx.listRoots");
      return toRoots(await ctx.mcpReq.send({ method: "roots/list" }, { signal: ctx.mcpReq.signal }));
    },
    log: (level, data) => logs.send(level, data, ctx.mcpReq.notify),
    caller: callerInfo(server, ctx),
  };
}

/** A 2026-07-28 request: questions become the flight's input requests. */
export function flightCaller(server: Server, ctx: ServerContext, flight: Flight<Result>): ToolCaller {
  const need = (capability: Capability, what: string): void => {
    try {
      requireCapability(server, ctx, capability, what);
    } catch (err) {
      flight.missing ??= capability;
      throw err;
    }
  };
  return {
    elicit: async (request) => {
      need("elicitation", "ctx.elicit");
      const ask = inputRequired.elicit({ message: request.message, requestedSchema: request.requestedSchema as ToolElicitRequest["requestedSchema"] & { properties: never } });
      return toElicitResult((await flight.ask(ask, request.key)) as ElicitResult);
    },
    sample: async (request) => {
      need("sampling", "ctx.sample");
      return toSampleResult((await flight.ask(inputRequired.createMessage(toSamplingParams(request)), request.key)) as CreateMessageResult);
    },
    listRoots: async (request) => {
      need("roots", "ctx.listRoots");
      return toRoots((await flight.ask(inputRequired.listRoots(), request?.key)) as ListRootsResult);
    },
    caller: callerInfo(server, ctx),
    // Straight to the open round's stream: the request that started the flight (and its log level) may be gone.
    log: (level, data) => void flight.notify({ method: "notifications/message", params: { level, logger: "tool", data } }).catch(() => undefined),
  };
}

/**
 * 2026-07-28: a call that failed because it asked for a capability the client did not declare
 * is answered with -32021 (HTTP 400), naming it; a tool that coped without it keeps its result.
 */
export function refuseMissingCapability(flight: Flight<CallToolResult>, result: CallToolResult): CallToolResult {
  if (flight.missing === undefined || result.isError !== true) return result;
  const text = result.content[0]?.type === "text" ? result.content[0].text : "";
  throw new MissingRequiredClientCapabilityError({ requiredCapabilities: { [flight.missing]: {} } }, errorText(text) ?? `this tool needs the client's ${flight.missing} capability`);
}

function errorText(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as { error?: unknown };
    return typeof parsed.error === "string" ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}

type Capability = "elicitation" | "sampling" | "roots";

/** On 2026-07-28 each request declares the client's capabilities in its envelope; on 2025 the handshake did. */
function declaredCapabilities(server: Server, ctx: ServerContext): ClientCapabilities | undefined {
  const declared = ctx.mcpReq.envelope?.[CLIENT_CAPABILITIES_META_KEY as keyof RequestMetaEnvelope] as ClientCapabilities | undefined;
  return declared ?? server.getClientCapabilities();
}

function callerInfo(server: Server, ctx: ServerContext): ToolCallerInfo {
  const declared = declaredCapabilities(server, ctx);
  return { capabilities: { elicitation: declared?.elicitation !== undefined, sampling: declared?.sampling !== undefined, roots: declared?.roots !== undefined } };
}

function requireCapability(server: Server, ctx: ServerContext, capability: Capability, what: string): void {
  if (declaredCapabilities(server, ctx)?.[capability] !== undefined) return;
  throw new CallerUnavailableError(`${what} is unavailable: this MCP client did not declare the ${capability} capability, so it cannot be asked`);
}

function toRoots(result: ListRootsResult | undefined): ToolRoot[] {
  if (result === undefined || !Array.isArray(result.roots)) throw new Error("the client's roots answer is not a roots/list result");
  return result.roots.map((root) => (root.name !== undefined ? { uri: root.uri, name: root.name } : { uri: root.uri }));
}

function toSamplingParams(request: ToolSampleRequest): CreateMessageRequestParams {
  return {
    messages: request.messages.map((m) => ({ role: m.role, content: typeof m.content === "string" ? { type: "text", text: m.content } : m.content })),
    maxTokens: request.maxTokens,
    ...(request.systemPrompt !== undefined && { systemPrompt: request.systemPrompt }),
    ...(request.temperature !== undefined && { temperature: request.temperature }),
  };
}

function toElicitResult(result: ElicitResult | undefined): ToolElicitResult {
  if (result === undefined || typeof result !== "object") throw new Error("the client's elicitation answer is not an elicitation result");
  const out: ToolElicitResult = { action: result.action };
  if (result.content !== undefined) out.content = result.content as ToolElicitResult["content"] & object;
  return out;
}

function toSampleResult(result: CreateMessageResult | CreateMessageResultWithTools | undefined): ToolSampleResult {
  if (result === undefined || typeof result !== "object") throw new Error("the client's sampling answer is not a sampling result");
  const blocks: ReadonlyArray<{ type: string; text?: unknown }> = Array.isArray(result.content) ? result.content : [result.content];
  const text = blocks.map((b) => (b.type === "text" && typeof b.text === "string" ? b.text : "")).join("");
  const out: ToolSampleResult = { text, model: result.model };
  if (result.stopReason !== undefined) out.stopReason = result.stopReason;
  return out;
}
