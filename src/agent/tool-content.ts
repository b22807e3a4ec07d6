/**
 * What a tool returned, turned into what a `tool` message may carry. Chat APIs accept only
 * text in tool messages, so a multimodal result becomes its text parts joined, with each image,
 * audio clip, embedded resource and resource link described in place (a text resource with its
 * contents); the images themselves can be attached to a user message after the batch.
 */
import type { ImagePart } from "../llm/index.js";
import { describePart } from "../registry/index.js";
import type { ToolOutput } from "../registry/index.js";

export interface ToolContent {
  /** The tool message content. */
  text: string;
  /** Images of a multimodal result, in order (empty for plain results). */
  images: ImagePart[];
}

const DATA_URL = /^data:([^;,]+);base64,/;

export function toToolContent(output: ToolOutput, attachImages: boolean): ToolContent {
  if (typeof output === "string") return { text: output, images: [] };
  const texts: string[] = [];
  const images: ImagePart[] = [];
  for (const part of output.content) {
    const image = imageOf(part);
    if (image !== undefined) {
      images.push(image);
      texts.push(describeImage(image, images.length, attachImages));
    } else {
      // Text as it is; audio, embedded resources and links described (a text resource with its contents).
      texts.push(describePart(part) ?? `[${String(part.type ?? "unknown")} content omitted]`);
    }
  }
  const summary = typeof output.text_summary === "string" ? output.text_summary : "";
  const text = texts.join("\n");
  return { text: text !== "" ? text : summary, images: attachImages ? images : [] };
}

/** An `image_url` part, or an MCP-style `{ type: "image", data, mimeType }` part as a data URL. */
function imageOf(part: Record<string, unknown>): ImagePart | undefined {
  if (part.type === "image_url") {
    const url = (part.image_url as { url?: unknown } | undefined)?.url;
    return typeof url === "string" ? { type: "image_url", image_url: { url } } : undefined;
  }
  if (part.type === "image" && typeof part.data === "string") {
    const mime = typeof part.mimeType === "string" ? part.mimeType : typeof part.mime_type === "string" ? part.mime_type : "image/png";
    return { type: "image_url", image_url: { url: `data:${mime};base64,${part.data}` } };
  }
  return undefined;
}

function describeImage(image: ImagePart, n: number, attached: boolean): string {
  const url = image.image_url.url;
  const match = DATA_URL.exec(url);
  const what = match === null ? url.slice(0, 200) : `${match[1]}, ${formatKb(((url.length - match[0].length) * 3) / 4)}`;
  return attached ? `[image ${n}: ${what} — attached in the next user message]` : `[image ${n} omitted: ${what}]`;
}

function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** The error a tool result reports (`{"error": ...}` as JSON), or undefined for a success. */
export function toolResultError(text: string): string | undefined {
  if (!text.startsWith("{") || !text.includes('"error"')) return undefined;
  try {
    const parsed = JSON.parse(text) as { error?: unknown };
    if (parsed.error === undefined || parsed.error === null || parsed.error === "" || parsed.error === false) return undefined;
    return typeof parsed.error === "string" ? parsed.error : JSON.stringify(parsed.error);
  } catch {
    return undefined;
  }
}
