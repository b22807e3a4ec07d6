/**
 * ctx.elicit / ctx.sample / ctx.log for a tool run in `quiver chat`: the same UI as an MCP
 * server's requests (mcp-elicitation.ts asks the user, mcp-sampling.ts asks the chat's model
 * after approval), labelled with the tool's name; log goes to the debug stream.
 */
import type { ElicitationHandler, SamplingHandler } from "../mcp/client-handlers.js";
import { CallerUnavailableError, createLogger } from "../registry/index.js";
import type { ToolCaller } from "../registry/index.js";

const log = createLogger("tool");

export interface ChatInteraction {
  sampling?: SamplingHandler | undefined;
  elicitation?: ElicitationHandler | undefined;
}

/** The caller channels for one call of `tool`; `signal` is the call's own. */
export function chatCaller(interaction: ChatInteraction): (tool: string, signal: AbortSignal | undefined) => Partial<ToolCaller> {
  return (tool, signal) => {
    const from = `Tool "${tool}"`;
    const aborted = signal ?? new AbortController().signal;
    return {
      elicit: async (request) => {
        if (interaction.elicitation === undefined) throw new CallerUnavailableError(`ctx.elicit is unavailable: nobody can answer here (no terminal, or one-shot mode)`);
        const result = await interaction.elicitation({ server: tool, from, params: { mode: "form", message: request.message, requestedSchema: request.requestedSchema } as ElicitParams, signal: aborted });
        return { action: result.action, ...(result.content !== undefined && { content: result.content as Record<string, string | number | boolean | string[]> }) };
      },
      sample: async (request) => {
        if (interaction.sampling === undefined) throw new CallerUnavailableError(`ctx.sample is unavailable: there is no chat model to ask here`);
        const messages = request.messages.map((m) => ({ role: m.role, content: typeof m.content === "string" ? { type: "text" as const, text: m.content } : m.content }));
        const params = { messages, maxTokens: request.maxTokens, ...(request.systemPrompt !== undefined && { systemPrompt: request.systemPrompt }) };
        const result = await interaction.sampling({ server: tool, from, params, signal: aborted });
        const text = Array.isArray(result.content) ? "" : result.content.type === "text" ? result.content.text : "";
        return { text, model: result.model, ...(result.stopReason !== undefined && { stopReason: result.stopReason }) };
      },
      log: (level, data) => log.debug(`[${tool} ${level}] ${typeof data === "string" ? data : JSON.stringify(data)}`),
      // Read when asked: the REPL may gain or lose its terminal between calls. No roots in a chat.
      caller: { get capabilities() { return { elicitation: interaction.elicitation !== undefined, sampling: interaction.sampling !== undefined, roots: false }; } },
    };
  };
}

type ElicitParams = Parameters<ElicitationHandler>[0]["params"];
