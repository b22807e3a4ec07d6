/**
 * `createQuiverMcpServer` as `import … from "quiver"` offers it: the MCP SDK is loaded only
 * when a program asks for a server, so importing quiver stays cheap.
 */
import type { Server } from "@modelcontextprotocol/server";
import type { QuiverServerOptions } from "./server.js";

/** A new MCP `Server` over the registry's tools; connect it to any SDK transport (one per client). */
export async function createQuiverMcpServer(opts: QuiverServerOptions = {}): Promise<Server> {
  const { createQuiverMcpServer: create } = await import("./server.js");
  return create(opts);
}
