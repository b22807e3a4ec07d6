/**
 * The parts of a multimodal tool result, and helpers that build them. Text and images use
 * OpenAI's chat content format (the agent forwards images to the model as they are); audio,
 * embedded resources and resource links use MCP's own block shapes, so `quiver serve` hands
 * them to its clients unchanged. Binary data is base64: an envelope is plain JSON.
 */
import type { MultimodalResult } from "./types.js";

export interface TextResultPart {
  type: "text";
  text: string;
}

export interface ImageResultPart {
  type: "image_url";
  image_url: { url: string };
}

export interface AudioResultPart {
  type: "audio";
  /** Base64. */
  data: string;
  mimeType: string;
}

export interface ResourceContents {
  uri: string;
  mimeType?: string;
}

export interface ResourceResultPart {
  type: "resource";
  /** `text` for textual contents, `blob` (base64) for binary ones. */
  resource: (ResourceContents & { text: string }) | (ResourceContents & { blob: string });
}

export interface ResourceLinkResultPart {
  type: "resource_link";
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** Size in bytes, when known. */
  size?: number;
}

export type ResultPart = TextResultPart | ImageResultPart | AudioResultPart | ResourceResultPart | ResourceLinkResultPart;

type Binary = string | Uint8Array;

function base64(data: Binary): string {
  return typeof data === "string" ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("base64");
}

export function textPart(text: string): TextResultPart {
  return { type: "text", text };
}

/** An image from base64 (or bytes), as a data URL; an `http(s)` URL is passed as it is. */
export function imagePart(data: Binary, mimeType = "image/png"): ImageResultPart {
  if (typeof data === "string" && /^(https?|data):/i.test(data)) return { type: "image_url", image_url: { url: data } };
  return { type: "image_url", image_url: { url: `data:${mimeType};base64,${base64(data)}` } };
}

export function audioPart(data: Binary, mimeType: string): AudioResultPart {
  return { type: "audio", data: base64(data), mimeType };
}

/** An embedded resource: its contents travel in the result (`text`, or `blob` as base64 or bytes). */
export function resourcePart(resource: ResourceContents & ({ text: string } | { blob: Binary })): ResourceResultPart {
  const head: ResourceContents = { uri: resource.uri, ...(resource.mimeType !== undefined && { mimeType: resource.mimeType }) };
  if ("text" in resource) return { type: "resource", resource: { ...head, text: resource.text } };
  return { type: "resource", resource: { ...head, blob: base64(resource.blob) } };
}

/** A link to a resource the client may read itself; nothing of its contents is sent. */
export function resourceLinkPart(link: Omit<ResourceLinkResultPart, "type">): ResourceLinkResultPart {
  return { type: "resource_link", ...link };
}

/** The multimodal envelope; `text_summary` defaults to the parts described as text. */
export function multimodalResult(parts: readonly ResultPart[], textSummary?: string): MultimodalResult {
  const summary = textSummary ?? parts.map((part) => describePart(part as unknown as Record<string, unknown>) ?? "").filter((t) => t !== "").join("\n");
  return { _multimodal: true, content: parts.map((part) => ({ ...part })), text_summary: summary };
}

/**
 * What a model reading text learns of a part other than an image: a text part's text, an
 * embedded text resource's contents under a header, a short note for audio, binary resources
 * and links. Undefined for images and for what is not a part of these kinds.
 */
export function describePart(part: Record<string, unknown>): string | undefined {
  switch (part.type) {
    case "text":
      return typeof part.text === "string" ? part.text : undefined;
    case "audio":
      return typeof part.data === "string" ? `[audio: ${String(part.mimeType ?? "unknown type")}, ${formatSize(base64Bytes(part.data))}; not shown]` : undefined;
    case "resource":
      return describeResource(part.resource);
    case "resource_link":
      return describeLink(part);
    default:
      return undefined;
  }
}

function describeResource(resource: unknown): string | undefined {
  if (typeof resource !== "object" || resource === null) return undefined;
  const r = resource as Record<string, unknown>;
  if (typeof r.uri !== "string") return undefined;
  const mime = typeof r.mimeType === "string" ? ` (${r.mimeType})` : "";
  if (typeof r.text === "string") return `[resource ${r.uri}${mime}]\n${r.text}`;
  const size = typeof r.blob === "string" ? `, ${formatSize(base64Bytes(r.blob))}` : "";
  return `[resource ${r.uri}${mime}${size} binary; not shown]`;
}

function describeLink(link: Record<string, unknown>): string | undefined {
  if (typeof link.uri !== "string") return undefined;
  const name = typeof link.title === "string" ? link.title : typeof link.name === "string" ? link.name : link.uri;
  const details = [typeof link.mimeType === "string" ? link.mimeType : undefined, typeof link.size === "number" ? formatSize(link.size) : undefined].filter((d) => d !== undefined);
  const about = typeof link.description === "string" ? `: ${link.description}` : "";
  return `[resource link: ${name} <${link.uri}>${details.length > 0 ? ` (${details.join(", ")})` : ""}${about}]`;
}

function base64Bytes(data: string): number {
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}
