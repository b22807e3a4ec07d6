/**
 * The 2026-07-28 half of `quiver serve --http`: stateless requests, each carrying its own
 * envelope (revision, client info, capabilities), served by a fresh quiver server from the
 * SDK's `createMcpHandler`. Nothing is kept per client between requests, so any instance can
 * answer any request. What instances must share goes through the seams below: the event bus
 * (`list_changed` and resource updates to every open `subscriptions/listen` stream; with
 * `--stateless` the store's, src/mcp/serve-bus.ts, so a change one instance sees reaches the
 * streams at all of them) and the input-required flights (src/mcp/input-flights.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler, InMemoryServerEventBus, isLegacyRequest } from "@modelcontextprotocol/server";
import type { McpHttpHandler, ServerEventBus } from "@modelcontextprotocol/server";
import { createLogger, registry } from "../registry/index.js";
import { createQuiverMcpServer } from "./server.js";
import type { QuiverServerOptions } from "./server.js";

const log = createLogger("mcp-serve");

export interface ModernHttpOptions extends QuiverServerOptions {
  /** Where change events meet the listen streams (default: in this process only). */
  eventBus?: ServerEventBus;
}

export interface ModernHttpEndpoint {
  /** True when the request is a 2026-07-28 one (envelope or MCP-Protocol-Version says so). */
  accepts(req: IncomingMessage, body: unknown): Promise<boolean>;
  handle(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void>;
  close(): Promise<void>;
}

export function modernHttpEndpoint(opts: ModernHttpOptions): ModernHttpEndpoint {
  const handler: McpHttpHandler = createMcpHandler(() => createQuiverMcpServer({ ...opts, perRequest: true }), {
    // 2025 traffic keeps its sessions (http-server.ts): this endpoint sees 2026-07-28 only.
    legacy: "reject",
    bus: opts.eventBus ?? new InMemoryServerEventBus(),
    onerror: (err) => log.debug(`2026-07-28 request failed: ${err.message}`),
  });
  const stopWatching = announceToolChanges(handler, opts.listChangedDelayMs ?? 50);
  const node = toNodeHandler(handler, { onerror: (err) => log.error(`MCP HTTP request failed: ${err.message}`) });
  return {
    async accepts(req, body) {
      if (req.method !== "POST") return false;
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      }
      return !(await isLegacyRequest(new Request("http://localhost/mcp", { method: "POST", headers }), body));
    },
    handle: (req, res, body) => node(req, res, body),
    async close() {
      stopWatching();
      await handler.close();
    },
  };
}

/**
 * Registry changes, coalesced, become `notifications/tools/list_changed` on every open listen
 * stream (resources and prompts: their own list_changed; `notifyUpdated()`: resources/updated).
 */
function announceToolChanges(handler: McpHttpHandler, delayMs: number): () => void {
  const stops = [
    coalesced(registry.onChange.bind(registry), () => handler.notify.toolsChanged(), delayMs),
    coalesced((l) => registry.resources.onChange(l), () => handler.notify.resourcesChanged(), delayMs),
    coalesced((l) => registry.prompts.onChange(l), () => handler.notify.promptsChanged(), delayMs),
    registry.resources.onUpdated((uri) => handler.notify.resourceUpdated(uri)),
  ];
  return () => stops.forEach((stop) => void stop());
}

function coalesced(onChange: (listener: () => void) => () => unknown, send: () => void, delayMs: number): () => void {
  let timer: NodeJS.Timeout | undefined;
  const unsubscribe = onChange(() => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      send();
    }, delayMs);
    timer.unref();
  });
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}
