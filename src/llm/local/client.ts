/**
 * The local provider: quiver's `ChatClient` over a GGUF model run in-process by node-llama-cpp.
 * Text streams chunk by chunk into `onTextDelta`; tool calls come from node-llama-cpp's function
 * calling, whose grammar makes the arguments valid JSON for each tool's schema.
 */
import { randomUUID } from "node:crypto";
import type { ChatWrapper, LlamaChat } from "node-llama-cpp";
import type { ChatClient, ChatRequest } from "../chat-types.js";
import { isContextOverflowText } from "../context-overflow.js";
import { ModelAbortError, ModelError, contextOverflowError } from "../errors.js";
import { resolveCompat } from "../presets.js";
import type { AssistantTurn, ModelCompat, ModelSettings, ToolCall } from "../types.js";
import { fitToSchema, toFunctions, toHistory } from "./history.js";
import { LOCAL_PREFIX } from "./catalog.js";
import { type LoadOptions, type LoadedModel, loadModel } from "./loader.js";
import { loadLlamaCpp } from "./runtime.js";
import { resolveLocalModel } from "./store.js";

const DEFAULT_TEMPERATURE = 0.7;
/** Fresh samples after arguments that fail the schema, before the turn fails. */
const ARGUMENT_RESAMPLES = 2;

export interface LocalClientOptions extends LoadOptions {
  /** Where `quiver models pull` puts models ($QUIVER_HOME/models); names and hf: URIs resolve there. */
  modelsDir?: string;
  /** Replaces the chat format node-llama-cpp detects from the model (tests force function-call mode). */
  chatWrapper?: ChatWrapper;
  /** Cap for tool-argument strings without a `maxLength` (tests: random weights never close a string). */
  maxStringLength?: number;
  /** Longest reply in tokens (default: config `model.maxTokens`, else until the model stops or the context is full). */
  maxTokens?: number;
  /** Sampling seed, for reproducible runs. */
  seed?: number;
  /** Sampling temperature (default 0.7: greedy decoding makes small models repeat themselves). */
  temperature?: number;
}

export function createLocalChatClient(settings: ModelSettings, options: LocalClientOptions = {}): ChatClient {
  return new LocalChatClient(settings, options);
}

class LocalChatClient implements ChatClient {
  readonly settings: Readonly<Omit<ModelSettings, "apiKey">>;
  // No HTTP here: the flags only matter to quiver's agent, which reads `stream`.
  readonly compat: ModelCompat = resolveCompat({ stream: true, toolChoice: false, parallelToolCalls: false, reasoning: "strip" });
  private loaded: Promise<LoadedModel> | undefined;
  private readonly maxTokens: number | undefined;

  constructor(
    settings: ModelSettings,
    private readonly options: LocalClientOptions,
  ) {
    this.settings = { baseUrl: settings.baseUrl, model: settings.model, source: settings.source, provider: "local" };
    this.maxTokens = options.maxTokens ?? settings.maxTokens;
  }

  /** The loaded model (loading it on first use): load time and device for `quiver doctor`. */
  load(): Promise<LoadedModel> {
    return (this.loaded ??= (async () => {
      const path = await resolveLocalModel(this.settings.model.slice(LOCAL_PREFIX.length), this.options.modelsDir);
      return loadModel(path, this.options);
    })().catch((err: unknown) => {
      this.loaded = undefined;
      throw err;
    }));
  }

  async streamChat(request: ChatRequest): Promise<AssistantTurn> {
    if (request.signal?.aborted) throw new ModelAbortError();
    const loaded = await this.load();
    // Loading a real model takes seconds: a Ctrl-C meanwhile must not start the reply.
    if (request.signal?.aborted) throw new ModelAbortError();
    return loaded.exclusive(() => this.generate(loaded, request));
  }

  complete(request: Omit<ChatRequest, "onTextDelta" | "onReasoningDelta">): Promise<AssistantTurn> {
    return this.streamChat(request);
  }

  async listModels(): Promise<string[]> {
    return [this.settings.model];
  }

  private async generate(loaded: LoadedModel, request: ChatRequest): Promise<AssistantTurn> {
    const llama = await loadLlamaCpp();
    for (let attempt = 0; ; attempt++) {
      // A chat per request over the shared sequence: the sequence keeps the KV cache of the common prefix.
      const chat = new llama.LlamaChat({ contextSequence: loaded.sequence, chatWrapper: this.options.chatWrapper ?? "auto", autoDisposeSequence: false });
      const shown = { text: false };
      try {
        return await this.respond(chat, request, attempt, shown);
      } catch (err) {
        if (err instanceof ModelAbortError) throw err;
        // The grammar lets through arguments its own schema check refuses (an integer sampled as
        // 1e999 parses to Infinity): sample again, as long as nothing has reached the screen.
        if (err instanceof llama.LlamaJsonSchemaValidationError && !shown.text && attempt < ARGUMENT_RESAMPLES) continue;
        const message = (err as Error)?.message ?? String(err);
        if (isContextOverflowText(message)) {
          const contextTokens = loaded.context.contextSize;
          throw contextOverflowError(`The prompt does not fit the ${contextTokens}-token context of the local model ${this.settings.model}.`, message, {
            cause: err,
            contextTokens,
            promptTokens: promptTokens(chat, loaded, request, this.options.maxStringLength),
          });
        }
        throw new ModelError(`The local model ${this.settings.model} failed while generating: ${(err as Error).message}`, { kind: "server", retryable: false, cause: err });
      } finally {
        chat.dispose({ disposeSequence: false });
      }
    }
  }

  private async respond(chat: LlamaChat, request: ChatRequest, attempt: number, shown: { text: boolean }): Promise<AssistantTurn> {
    const tools = request.tools ?? [];
    const functions = tools.length > 0 ? toFunctions(tools, { maxStringLength: this.options.maxStringLength }) : undefined;
    const meter = chat.sequence.tokenMeter.getState();
    let reasoning = "";
    const result = await chat.generateResponse(toHistory(request.messages), {
      ...(functions === undefined ? {} : { functions }),
      ...(request.signal === undefined ? {} : { signal: request.signal, stopOnAbortSignal: true }),
      ...(this.maxTokens === undefined ? {} : { maxTokens: this.maxTokens }),
      ...(this.options.seed === undefined ? {} : { seed: this.options.seed + attempt }),
      temperature: this.options.temperature ?? DEFAULT_TEMPERATURE,
      onTextChunk: (text) => {
        if (text === "") return;
        shown.text = true;
        request.onTextDelta?.(text);
      },
      // Thought segments (Qwen3's <think>) are reasoning: shown dimmed, never part of the answer.
      onResponseChunk: (chunk) => {
        if (chunk.type !== "segment" || chunk.segmentType !== "thought" || chunk.text === "") return;
        reasoning += chunk.text;
        request.onReasoningDelta?.(chunk.text);
      },
    });
    // Stopped on the signal: the partial text has been streamed; the caller wants the abort.
    if (result.metadata.stopReason === "abort") throw new ModelAbortError();
    const completionTokens = chat.sequence.tokenMeter.diff(meter).usedOutputTokens;
    // The whole prompt, not just what was evaluated anew: the KV cache reuses the common prefix.
    const promptTokens = Math.max(0, chat.sequence.contextTokens.length - completionTokens);
    const toolCalls: ToolCall[] = (result.functionCalls ?? []).map((call) => {
      const schema = tools.find((tool) => tool.function.name === call.functionName)?.function.parameters;
      return { id: `call_${randomUUID().slice(0, 8)}`, name: call.functionName, arguments: JSON.stringify(fitToSchema(call.params ?? {}, schema)) };
    });
    return {
      content: result.response === "" ? null : result.response,
      toolCalls,
      finishReason: toolCalls.length > 0 ? "tool_calls" : result.metadata.stopReason === "maxTokens" ? "length" : "stop",
      usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens },
      // The context the GGUF was loaded with: what compaction budgets against.
      contextWindow: chat.sequence.context.contextSize,
      ...(reasoning === "" ? {} : { reasoning }),
    };
  }
}

/** The tokens of the prompt as the chat format lays it out (history and function definitions); undefined if that fails. */
function promptTokens(chat: LlamaChat, loaded: LoadedModel, request: ChatRequest, maxStringLength: number | undefined): number | undefined {
  try {
    const tools = request.tools ?? [];
    const { contextText } = chat.chatWrapper.generateContextState({
      chatHistory: toHistory(request.messages),
      ...(tools.length > 0 ? { availableFunctions: toFunctions(tools, { maxStringLength }) } : {}),
    });
    return contextText.tokenize(loaded.model.tokenizer).length;
  } catch {
    return undefined;
  }
}
