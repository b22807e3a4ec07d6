/**
 * The SDK's Client, except that `tools/list` is validated tool by tool. The SDK parses the
 * whole page with one zod schema, so a single tool with a malformed `inputSchema` failed the
 * listing, the connection and every retry after it. Here the page is read with a permissive
 * schema, each tool is checked against the SDK's own `ToolSchema`, and the ones that fail are
 * reported (through `onInvalidTools`) and left out; the rest work as before.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { PaginatedResultSchema, ToolSchema } from "@modelcontextprotocol/sdk/types.js";
import type { ListToolsRequest, ListToolsResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

/** A listed tool the SDK's schema rejects: its name (or position) and the first problems, in one line. */
export interface InvalidTool {
  name: string;
  reason: string;
}

const LenientToolPage = PaginatedResultSchema.extend({ tools: z.array(z.unknown()) });
const MAX_ISSUES = 2;

// The SDK keeps per-tool metadata (output-schema validators, task support) from each listing;
// the method is private, so it is reached by name, and skipped if a later SDK renames it.
interface ToolMetadataCache {
  cacheToolMetadata?: (tools: Tool[]) => void;
}

export class LenientClient extends Client {
  /** Called with the tools left out of a page, when there are any. */
  onInvalidTools: ((tools: InvalidTool[]) => void) | undefined;

  override async listTools(params?: ListToolsRequest["params"], options?: RequestOptions): Promise<ListToolsResult> {
    const page = await this.request({ method: "tools/list", params }, LenientToolPage, options).catch((err: unknown) => {
      throw err instanceof z.core.$ZodError ? new Error(`the server's tools/list answer is not a tool list: ${summarize(err)}`) : err;
    });
    const tools: Tool[] = [];
    const invalid: InvalidTool[] = [];
    for (const [index, raw] of page.tools.entries()) {
      const parsed = ToolSchema.safeParse(raw);
      if (parsed.success) tools.push(parsed.data);
      else invalid.push({ name: toolLabel(raw, index), reason: summarize(parsed.error) });
    }
    const usable = this.#cacheMetadata(tools, invalid);
    if (invalid.length > 0) this.onInvalidTools?.(invalid);
    return { ...page, tools: usable };
  }

  /**
   * Hands the tools to the SDK, which compiles each `outputSchema`; one it cannot compile used
   * to fail the whole listing. Then each tool is tried alone to find the ones at fault, which
   * join `invalid`; the rest are cached together.
   */
  #cacheMetadata(tools: Tool[], invalid: InvalidTool[]): Tool[] {
    const cache = (this as unknown as ToolMetadataCache).cacheToolMetadata?.bind(this);
    if (cache === undefined) return tools;
    try {
      cache(tools);
      return tools;
    } catch {
      const usable = tools.filter((tool) => {
        try {
          cache([tool]);
          return true;
        } catch (err) {
          invalid.push({ name: tool.name, reason: `outputSchema: ${errorText(err)}` });
          return false;
        }
      });
      cache(usable);
      return usable;
    }
  }
}

function errorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).replace(/\s+/g, " ").slice(0, 200);
}

/**
 * For one server: a warning line naming the tools of a listing that were left out. A tool
 * already reported stays quiet when a refresh or a reconnect lists it again.
 */
export function invalidToolReporter(server: string, warn: (line: string) => void): (tools: InvalidTool[]) => void {
  const reported = new Set<string>();
  return (tools) => {
    const fresh = tools.filter((tool) => !reported.has(tool.name));
    if (fresh.length === 0) return;
    for (const tool of fresh) reported.add(tool.name);
    const list = fresh.map((tool) => `${JSON.stringify(tool.name)} (${tool.reason})`).join(", ");
    warn(`MCP server "${server}": skipped ${fresh.length} tool(s) with an invalid listing, its other tools are available: ${list}`);
  };
}

function toolLabel(raw: unknown, index: number): string {
  const name = typeof raw === "object" && raw !== null ? (raw as { name?: unknown }).name : undefined;
  return typeof name === "string" && name !== "" ? name : `#${index + 1} (no name)`;
}

/** zod's issues as `path: message`, at most two, one line. */
function summarize(error: z.core.$ZodError): string {
  const issues = error.issues.slice(0, MAX_ISSUES).map((issue) => {
    const path = issue.path.map(String).join(".");
    return `${path === "" ? "tool" : path}: ${issue.message.replace(/\s+/g, " ")}`;
  });
  const more = error.issues.length > MAX_ISSUES ? `; +${error.issues.length - MAX_ISSUES} more` : "";
  return issues.join("; ") + more;
}
