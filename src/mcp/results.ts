/**
 * Tool results crossing the MCP boundary, both ways: an MCP `CallToolResult` becomes what a
 * quiver handler returns (a JSON string or the multimodal envelope), and a quiver result
 * becomes a `CallToolResult` for `quiver serve`.
 */
import type { CallToolResult, ContentBlock } from "@modelcontextprotocol/sdk/types.js";
import { toolError, toolResult } from "../registry/index.js";
import type { MultimodalResult, ToolOutput } from "../registry/index.js";

/** Image parts use OpenAI's chat content format, which the agent forwards to the model as is. */
export type ImageUrlPart = { type: "image_url"; image_url: { url: string } };
export type TextPart = { type: "text"; text: string };

/**
 * The context key under which `quiver serve` passes a sink for the server's untouched result,
 * so a proxied tool's `structuredContent` and blocks reach its client as they were sent.
 */
export const RAW_RESULT_SINK = "mcpRawResult";
export type RawResultSink = (result: CallToolResult) => void;

/**
 * One copy for the model: text blocks joined with newlines, or the `structuredContent` JSON
 * when there is no text. `isError` → `{"error": text}`; any image → the multimodal envelope
 * (text and image parts in order, plus `text_summary`); otherwise `{"result": …}`.
 */
export function fromMcpResult(result: CallToolResult): ToolOutput {
  const blocks = result.content ?? [];
  const text = blocks.map(blockText).filter((t): t is string => t !== undefined).join("\n");
  if (result.isError === true) return toolError(text !== "" ? text : errorWithoutText(result.structuredContent));
  if (blocks.some((b) => b.type === "image")) return envelope(blocks, text);
  if (text === "" && result.structuredContent !== undefined) return toolResult({ result: result.structuredContent });
  return toolResult({ result: text });
}

function errorWithoutText(structured: unknown): string {
  return structured !== undefined ? JSON.stringify(structured) : "The MCP tool reported an error without a message";
}

function envelope(blocks: ContentBlock[], summary: string): MultimodalResult {
  const content: Array<TextPart | ImageUrlPart> = [];
  for (const block of blocks) {
    if (block.type === "image") {
      content.push({ type: "image_url", image_url: { url: `data:${block.mimeType};base64,${block.data}` } });
      continue;
    }
    const text = blockText(block);
    if (text !== undefined) content.push({ type: "text", text });
  }
  return { _multimodal: true, content, text_summary: summary };
}

/** The text a block contributes; binary parts become a short note so the model knows they exist. */
function blockText(block: ContentBlock): string | undefined {
  switch (block.type) {
    case "text":
      return block.text;
    case "image":
      return undefined;
    case "audio":
      return `[audio omitted: ${block.mimeType}, ${block.data.length} base64 chars]`;
    case "resource":
      if ("text" in block.resource) return block.resource.text;
      return `[binary resource omitted: ${block.resource.uri}${block.resource.mimeType ? ` (${block.resource.mimeType})` : ""}]`;
    case "resource_link":
      return `[resource: ${block.name} ${block.uri}]`;
    default:
      return undefined;
  }
}

const ERROR_PREFIX = /^\s*\{\s*"error"\s*:/;
const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

/** A quiver result as an MCP `CallToolResult`; `{"error": …}` results are flagged `isError`. */
export function toMcpResult(output: ToolOutput): CallToolResult {
  if (typeof output === "string") {
    return isErrorJson(output) ? { content: [{ type: "text", text: output }], isError: true } : { content: [{ type: "text", text: output }] };
  }
  return { content: output.content.map(toMcpBlock) };
}

function isErrorJson(text: string): boolean {
  if (!ERROR_PREFIX.test(text)) return false;
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === "object" && parsed !== null && "error" in parsed;
  } catch {
    return false;
  }
}

function toMcpBlock(part: Record<string, unknown>): ContentBlock {
  if (part.type === "text" && typeof part.text === "string") return { type: "text", text: part.text };
  const url = (part.image_url as { url?: unknown } | undefined)?.url;
  if (part.type === "image_url" && typeof url === "string") {
    const match = DATA_URL.exec(url);
    if (match !== null) return { type: "image", mimeType: match[1] as string, data: match[2] as string };
    return { type: "text", text: url };
  }
  return { type: "text", text: JSON.stringify(part) };
}
