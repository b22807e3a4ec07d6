/**
 * A server's `sampling/createMessage` answered by the chat's own model client (same endpoint,
 * settings and retries), after the user allowed it: once, always for that server, or not.
 * Tool use inside sampling is not offered; the request's `maxTokens` is passed on.
 */
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/client";
import type { CreateMessageResult, SamplingMessage, SamplingMessageContentBlock } from "@modelcontextprotocol/client";
import type { ChatClient, ChatMessage, ImagePart, TextPart } from "../llm/index.js";
import type { SamplingHandler, SamplingRequest } from "../mcp/client-handlers.js";
import type { Approver } from "./approval-prompt.js";

/** How much of the prompt the approval question shows. */
const PREVIEW_CHARS = 400;

/**
 * `approve` undefined: nobody can answer (no terminal and no --yes), so every request is
 * declined with an error saying so.
 */
export function createSamplingHandler(client: () => ChatClient, approve: Approver | undefined): SamplingHandler {
  return async (request) => {
    const decision = approve === undefined ? "unavailable" : await approve(approvalRequest(request));
    if (decision !== "once" && decision !== "session") {
      const why = decision === "unavailable" ? "nobody can approve it here (no terminal; pass --yes to allow)" : "the user declined it";
      throw new ProtocolError(ProtocolErrorCode.InvalidRequest, `quiver declined the sampling request of ${request.from ?? `MCP server "${request.server}"`}: ${why}`);
    }
    const chat = client();
    const turn = await chat.complete({
      messages: toChatMessages(request),
      maxTokens: request.params.maxTokens,
      signal: request.signal,
    });
    const result: CreateMessageResult = {
      role: "assistant",
      content: { type: "text", text: turn.content ?? "" },
      model: chat.settings.model,
      stopReason: turn.finishReason === "length" ? "maxTokens" : "endTurn",
    };
    return result;
  };
}

function approvalRequest(request: SamplingRequest): Parameters<Approver>[0] {
  const prompt = request.params.messages.map((m) => `${m.role}: ${blocksOf(m).map(blockText).join(" ")}`).join("\n");
  const shown = prompt.length > PREVIEW_CHARS ? `${prompt.slice(0, PREVIEW_CHARS)}…` : prompt;
  return {
    tool: request.from ?? `MCP server "${request.server}"`,
    subject: shown,
    reason: `it asks your model to answer a prompt (sampling, up to ${request.params.maxTokens} tokens)`,
    key: request.from !== undefined ? `tool-sampling:${request.server}` : `mcp-sampling:${request.server}`,
  };
}

function toChatMessages(request: SamplingRequest): ChatMessage[] {
  const out: ChatMessage[] = [];
  if (request.params.systemPrompt !== undefined) out.push({ role: "system", content: request.params.systemPrompt });
  for (const message of request.params.messages) {
    if (message.role === "assistant") {
      out.push({ role: "assistant", content: blocksOf(message).map(blockText).join("\n") });
      continue;
    }
    const parts: Array<TextPart | ImagePart> = blocksOf(message).map((block) =>
      block.type === "image" ? { type: "image_url", image_url: { url: `data:${block.mimeType};base64,${block.data}` } } : { type: "text", text: blockText(block) },
    );
    out.push({ role: "user", content: parts.every((p) => p.type === "text") ? parts.map((p) => (p as TextPart).text).join("\n") : parts });
  }
  return out;
}

function blocksOf(message: SamplingMessage): SamplingMessageContentBlock[] {
  return Array.isArray(message.content) ? message.content : [message.content];
}

function blockText(block: SamplingMessageContentBlock): string {
  switch (block.type) {
    case "text":
      return block.text;
    case "image":
      return `[image ${block.mimeType}]`;
    case "audio":
      return `[audio omitted: ${block.mimeType}]`;
    default:
      return `[${block.type}]`;
  }
}
