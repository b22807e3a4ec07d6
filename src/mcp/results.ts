/**
 * Tool results crossing the MCP boundary, both ways: an MCP `CallToolResult` becomes what a
 * quiver handler returns (a JSON string or the multimodal envelope), and a quiver result
 * becomes a `CallToolResult` for `quiver serve`.
 */
import type { CallToolResult, ContentBlock } from "@modelcontextprotocol/client";
import { describePart, toolError, toolResult } from "../registry/index.js";
import type { MultimodalResult, ToolOutput } from "../registry/index.js";

/**
 * The context key under which `quiver serve` passes a sink for the server's untouched result,
 * so a proxied tool's `structuredContent` and blocks reach its client as they were sent.
 */
export const RAW_RESULT_SINK = "mcpRawResult";
export type RawResultSink = (result: CallToolResult) => void;

/**
 * One copy for the model: text blocks joined with newlines, or the `structuredContent` JSON
 * when there is no text. `isError` → `{"error": text}`; any block text cannot carry (an
 * image, audio, a binary resource, a resource link) → the multimodal envelope, every block in
 * order (images as image parts, the rest in MCP's own shape) plus `text_summary`; otherwise
 * `{"result": …}` (an embedded text resource is its text).
 */
export function fromMcpResult(result: CallToolResult): ToolOutput {
  const blocks = result.content ?? [];
  const text = blocks.map(blockText).filter((t): t is string => t !== undefined).join("\n");
  if (result.isError === true) return toolError(text !== "" ? text : errorWithoutText(result.structuredContent));
  if (blocks.some(needsEnvelope)) return envelope(blocks, text);
  if (text === "" && result.structuredContent !== undefined) return toolResult({ result: result.structuredContent });
  return toolResult({ result: text });
}

function errorWithoutText(structured: unknown): string {
  return structured !== undefined ? JSON.stringify(structured) : "The MCP tool reported an error without a message";
}

function needsEnvelope(block: ContentBlock): boolean {
  if (block.type === "text") return false;
  return !(block.type === "resource" && "text" in block.resource);
}

function envelope(blocks: ContentBlock[], summary: string): MultimodalResult {
  const content: Array<Record<string, unknown>> = [];
  for (const block of blocks) {
    if (block.type === "image") content.push({ type: "image_url", image_url: { url: `data:${block.mimeType};base64,${block.data}` } });
    else if (block.type === "text") content.push({ type: "text", text: block.text });
    // Audio, resources and links keep MCP's shape (annotations and _meta included): serve sends them back as they came.
    else content.push({ ...block });
  }
  return { _multimodal: true, content, text_summary: summary };
}

/** The text a block contributes; binary parts and links become a short note so the model knows they exist. */
function blockText(block: ContentBlock): string | undefined {
  if (block.type === "text") return block.text;
  if (block.type === "resource" && "text" in block.resource) return block.resource.text;
  return describePart(block as unknown as Record<string, unknown>);
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
  if (isMcpShaped(part)) return part as unknown as ContentBlock;
  const url = (part.image_url as { url?: unknown } | undefined)?.url;
  if (part.type === "image_url" && typeof url === "string") {
    const match = DATA_URL.exec(url);
    if (match !== null) return { type: "image", mimeType: match[1] as string, data: match[2] as string };
    return { type: "text", text: url };
  }
  return { type: "text", text: JSON.stringify(part) };
}

/** An audio, embedded-resource or resource-link part in MCP's shape goes out as it is. */
function isMcpShaped(part: Record<string, unknown>): boolean {
  switch (part.type) {
    case "audio":
      return typeof part.data === "string" && typeof part.mimeType === "string";
    case "resource": {
      const r = part.resource as Record<string, unknown> | undefined;
      return typeof r === "object" && r !== null && typeof r.uri === "string" && (typeof r.text === "string" || typeof r.blob === "string");
    }
    case "resource_link":
      return typeof part.uri === "string" && typeof part.name === "string";
    default:
      return false;
  }
}
