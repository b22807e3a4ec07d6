/**
 * The SDK's Client, except that `tools/list` is validated tool by tool. The SDK parses the
 * whole listing with one schema, so a single tool with a malformed `inputSchema` failed the
 * listing, the connection and every retry after it. Here such a page is read again with a
 * permissive schema, each tool is checked against the SDK's own `ToolSchema`, and the ones
 * that fail are reported (through `onInvalidTools`) and left out; the rest work as before.
 * The tools the SDK itself leaves out on the 2026-07-28 wire (an invalid `x-mcp-header`,
 * SEP-2243), which it would only `console.warn` about, are reported the same way.
 */
import { Client, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import type { CacheableRequestOptions, ListToolsRequest, ListToolsResult, Tool } from "@modelcontextprotocol/client";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/client/validators/ajv";
import { PaginatedResultSchema, ToolSchema } from "@modelcontextprotocol/core";
import { z } from "zod";
import { withSdkWarnings } from "./sdk-warnings.js";

/** A listed tool the SDK's schema rejects: its name (or position) and the first problems, in one line. */
export interface InvalidTool {
  name: string;
  reason: string;
}

const LenientToolPage = PaginatedResultSchema.extend({ tools: z.array(z.unknown()) });
const MAX_ISSUES = 2;

export class LenientClient extends Client {
  /** Called with the tools left out of a page, when there are any. */
  onInvalidTools: ((tools: InvalidTool[]) => void) | undefined;
  /** The `ttlMs` of the last full listing (2026-07-28 cacheable results), if the server gave one. */
  toolsTtlMs: number | undefined;
  /** The SDK compiles each `outputSchema` only when the tool is called; this finds the broken ones at listing time. */
  readonly #validator = new AjvJsonSchemaValidator();

  /**
   * The SDK's own listing (which honours the server's `ttlMs` and feeds its output validation)
   * when the whole page is valid; otherwise the page again, read tool by tool.
   */
  override async listTools(params?: ListToolsRequest["params"], options?: CacheableRequestOptions): Promise<ListToolsResult> {
    try {
      const invalid: InvalidTool[] = [];
      const listed = await withSdkWarnings(excludedTools(invalid), () => super.listTools(params, options));
      if (params?.cursor === undefined) this.toolsTtlMs = typeof listed.ttlMs === "number" ? listed.ttlMs : undefined;
      const usable = this.#compiles(listed.tools, invalid);
      if (invalid.length > 0) this.onInvalidTools?.(invalid);
      return usable.length === listed.tools.length ? listed : { ...listed, tools: usable };
    } catch (err) {
      if (!(err instanceof SdkError && err.code === SdkErrorCode.InvalidResult)) throw err;
    }
    return this.#lenientPage(params, options);
  }

  async #lenientPage(params: ListToolsRequest["params"], options: CacheableRequestOptions | undefined): Promise<ListToolsResult> {
    const page = await this.request({ method: "tools/list", ...(params !== undefined && { params }) }, LenientToolPage, options).catch((err: unknown) => {
      throw err instanceof z.core.$ZodError || (err instanceof SdkError && err.code === SdkErrorCode.InvalidResult)
        ? new Error(`the server's tools/list answer is not a tool list: ${err instanceof z.core.$ZodError ? summarize(err) : oneLine(err.message)}`)
        : err;
    });
    const tools: Tool[] = [];
    const invalid: InvalidTool[] = [];
    for (const [index, raw] of page.tools.entries()) {
      const parsed = ToolSchema.safeParse(raw);
      if (parsed.success) tools.push(parsed.data as Tool);
      else invalid.push({ name: toolLabel(raw, index), reason: summarize(parsed.error) });
    }
    const usable = this.#compiles(tools, invalid);
    if (invalid.length > 0) this.onInvalidTools?.(invalid);
    const result: ListToolsResult = { tools: usable };
    if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
    return result;
  }

  /** The tools whose schemas compile (the 2.x `ToolSchema` no longer checks inside them); the others join `invalid`. */
  #compiles(tools: Tool[], invalid: InvalidTool[]): Tool[] {
    return tools.filter((tool) => {
      for (const [field, schema] of [["inputSchema", tool.inputSchema], ["outputSchema", tool.outputSchema]] as const) {
        if (schema === undefined) continue;
        const problem = propertiesProblem(schema);
        if (problem !== undefined) {
          invalid.push({ name: tool.name, reason: `${field}.${problem}` });
          return false;
        }
        try {
          this.#validator.getValidator(schema as Parameters<AjvJsonSchemaValidator["getValidator"]>[0]);
        } catch (err) {
          invalid.push({ name: tool.name, reason: `${field}: ${errorText(err)}` });
          return false;
        }
      }
      return true;
    });
  }
}

/** The SDK's "excluding tool 'x' from tools/list: <why>" warnings, as invalid tools. */
function excludedTools(into: InvalidTool[]): (text: string) => boolean {
  return (text) => {
    const excluded = /^excluding tool '(.*)' from tools\/list: (.*)$/s.exec(text);
    if (excluded === null) return false;
    into.push({ name: excluded[1]!, reason: oneLine(excluded[2]!) });
    return true;
  };
}

/** The 1.x `ToolSchema` required each of `properties` to be a schema object; 2.x lets any value through. */
function propertiesProblem(schema: object): string | undefined {
  const properties = (schema as { properties?: unknown }).properties;
  if (properties === undefined) return undefined;
  if (typeof properties !== "object" || properties === null || Array.isArray(properties)) return "properties: expected an object";
  for (const [key, value] of Object.entries(properties)) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return `properties.${key}: expected a schema object, got ${value === null ? "null" : typeof value}`;
  }
  return undefined;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").slice(0, 300);
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
