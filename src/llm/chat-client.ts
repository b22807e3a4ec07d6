/**
 * The chat client: streams a reply from any OpenAI-compatible endpoint through the official SDK,
 * with our own retries (the SDK's are off) and a stall timeout until the answer starts and
 * between stream chunks. Chat requests take the lean path of `chat-post.ts`.
 */
import type OpenAI from "openai";
import { loadSdk, loadedSdk, type Sdk } from "./sdk.js";
import { isLocalModel } from "./local/catalog.js";
import { type LocalClientOptions, createLocalChatClient } from "./local/client.js";
import type { ToolDefinition } from "../registry/types.js";
import { ModelAbortError, ModelError, isAbortError, toModelError } from "./errors.js";
import { resolveCompat } from "./presets.js";
import { Attempt } from "./attempt.js";
import { chatEndpoint, postChat, streamChunks, type ChatEndpoint } from "./chat-post.js";
import { providerFetch } from "./provider-fetch.js";
import { requestBody, sendsReasoning } from "./request.js";
import { DEFAULT_RETRY_POLICY, type RetryInfo, type RetryPolicy, throwIfAborted, withRetries } from "./retry.js";
import { healingFor } from "./self-heal.js";
import { TurnAssembler, turnFromCompletion } from "./turn-assembler.js";
import type { AssistantTurn, ChatMessage, ModelCompat, ModelSettings } from "./types.js";
import type { ChatClient, ChatRequest } from "./chat-types.js";

export type { ChatClient, ChatRequest } from "./chat-types.js";

export interface ChatClientOptions {
  /** Requests in total per call, first included (default 3). */
  maxAttempts?: number;
  /** Backoff ceiling of the first retry in ms, doubling per retry (default 1000). */
  baseDelayMs?: number;
  /** Cap on any wait, including a server's Retry-After (default 60 000 ms). */
  maxDelayMs?: number;
  /**
   * Longest silence tolerated from the server, in ms: until the response starts, and between
   * stream chunks (default 10 min; a local model can take minutes to read a long prompt).
   */
  timeoutMs?: number;
  /** Replaces the wait between tries (tests). */
  sleep?: RetryPolicy["sleep"];
  /** Replaces Math.random in the jitter (tests). */
  random?: () => number;
  /** Where one-line notices go (a parameter dropped by self-healing); default stderr. */
  log?: (line: string) => void;
  /** For `--model local:…`: threads, GPU, models directory (the in-process provider). */
  local?: LocalClientOptions;
}

const DEFAULT_TIMEOUT_MS = 600_000;

/** An OpenAI-compatible endpoint, or the in-process local model for `local:…` model names. */
export function createChatClient(settings: ModelSettings, options: ChatClientOptions = {}): ChatClient {
  if (isLocalModel(settings.model)) return createLocalChatClient(settings, options.local);
  return new OpenAIChatClient(settings, options);
}

class OpenAIChatClient implements ChatClient {
  readonly settings: Readonly<Omit<ModelSettings, "apiKey">>;
  private loaded: Promise<Transport> | undefined;
  private readonly settingsWithKey: ModelSettings;
  private readonly policy: RetryPolicy;
  private readonly timeoutMs: number;
  private readonly errorContext: ModelSettings;
  private readonly log: (line: string) => void;
  readonly compat: ModelCompat;

  constructor(settings: ModelSettings, options: ChatClientOptions) {
    this.settings = {
      baseUrl: settings.baseUrl,
      model: settings.model,
      source: settings.source,
      ...(settings.provider === undefined ? {} : { provider: settings.provider }),
    };
    this.compat = resolveCompat(settings.compat);
    this.log = options.log ?? ((line) => void process.stderr.write(`${line}\n`));
    this.errorContext = settings;
    this.timeoutMs = Math.max(1, Math.round(options.timeoutMs ?? DEFAULT_TIMEOUT_MS));
    this.policy = {
      maxAttempts: Math.max(1, options.maxAttempts ?? DEFAULT_RETRY_POLICY.maxAttempts),
      baseDelayMs: options.baseDelayMs ?? DEFAULT_RETRY_POLICY.baseDelayMs,
      maxDelayMs: options.maxDelayMs ?? DEFAULT_RETRY_POLICY.maxDelayMs,
      sleep: options.sleep ?? DEFAULT_RETRY_POLICY.sleep,
      random: options.random ?? DEFAULT_RETRY_POLICY.random,
    };
    this.settingsWithKey = settings;
  }

  /** Loaded with the first request: the SDK (its errors, its stream reader, `/models`) and where chat requests go. */
  private transport(): Promise<Transport> {
    const settings = this.settingsWithKey;
    return (this.loaded ??= Promise.all([loadSdk(), import("openai/version")]).then(([sdk, { VERSION }]) => ({
      sdk,
      // logLevel "off": the SDK would otherwise print unparsable chunks to the console itself.
      client: new sdk.OpenAI({
        baseURL: settings.baseUrl,
        apiKey: settings.apiKey,
        maxRetries: 0,
        timeout: this.timeoutMs,
        logLevel: "off",
        fetch: providerFetch(),
        ...(settings.headers === undefined ? {} : { defaultHeaders: settings.headers }),
      }),
      endpoint: chatEndpoint(settings, VERSION),
    })));
  }

  streamChat(request: ChatRequest): Promise<AssistantTurn> {
    const delivered = { text: "" };
    const once = (): Promise<AssistantTurn> => (this.compat.stream ? this.streamOnce(request, delivered) : this.completeAndDeliver(request));
    return withRetries(() => this.healing(request, once), this.policy, request.signal, request.onRetry);
  }

  complete(request: Omit<ChatRequest, "onTextDelta" | "onReasoningDelta">): Promise<AssistantTurn> {
    return withRetries(() => this.healing(request, () => this.completeOnce(request)), this.policy, request.signal, request.onRetry);
  }

  /** Runs one attempt; a parameter the server rejects by name is dropped for the session and the attempt made once more. */
  private async healing(request: Pick<ChatRequest, "tools" | "messages">, attempt: () => Promise<AssistantTurn>): Promise<AssistantTurn> {
    try {
      return await attempt();
    } catch (err) {
      const sent = {
        tools: (request.tools?.length ?? 0) > 0,
        maxTokens: this.settingsWithKey.maxTokens !== undefined,
        reasoning: sendsReasoning(request.messages, this.compat.reasoning),
      };
      const healing = healingFor(err, this.compat, sent);
      if (healing === undefined) throw err;
      Object.assign(this.compat, healing.change);
      this.log(`quiver: ${this.settings.baseUrl}: ${healing.note}.`);
      return attempt();
    }
  }

  /** `stream: false` endpoints: one JSON answer, handed to the callbacks in one piece. */
  private async completeAndDeliver(request: ChatRequest): Promise<AssistantTurn> {
    const turn = await this.completeOnce(request);
    if (turn.reasoning !== undefined) request.onReasoningDelta?.(turn.reasoning);
    if (turn.content !== null) request.onTextDelta?.(turn.content);
    return turn;
  }

  private async completeOnce(request: Omit<ChatRequest, "onTextDelta" | "onReasoningDelta">): Promise<AssistantTurn> {
    const attempt = new Attempt(request.signal, this.timeoutMs);
    try {
      const { sdk, endpoint } = await this.transport();
      const response = await postChat(endpoint, this.body(request, false), attempt.signal, sdk);
      attempt.started();
      const completion: unknown = JSON.parse(await response.text());
      return turnFromCompletion(completion, request.messages);
    } catch (err) {
      throw this.failure(err, { signal: request.signal, attempt, delivered: "" });
    } finally {
      attempt.end();
    }
  }

  async listModels(options: { signal?: AbortSignal } = {}): Promise<string[] | undefined> {
    throwIfAborted(options.signal);
    try {
      return modelIds(await (await this.transport()).client.get<unknown>("/models", this.requestOptions(options.signal)));
    } catch (err) {
      const APIError = loadedSdk()?.APIError;
      if (APIError !== undefined && err instanceof APIError && [404, 405, 501].includes(err.status ?? 0)) return undefined;
      throw this.failure(err, { signal: options.signal, delivered: "" });
    }
  }

  private async streamOnce(request: ChatRequest, delivered: { text: string }): Promise<AssistantTurn> {
    const attempt = new Attempt(request.signal, this.timeoutMs);
    const assembler = new TurnAssembler();
    let chunks = 0;
    let inCallback = false;
    try {
      const { sdk, client, endpoint } = await this.transport();
      const response = await postChat(endpoint, this.body(request, true), attempt.signal, sdk);
      attempt.started();
      for await (const chunk of await streamChunks(response, attempt.controller, client)) {
        attempt.progressed();
        chunks++;
        const { text, reasoning } = assembler.push(chunk);
        if (reasoning === "" && text === "") continue;
        inCallback = true;
        if (reasoning !== "") request.onReasoningDelta?.(reasoning);
        if (text !== "" && request.onTextDelta !== undefined) {
          delivered.text += text;
          request.onTextDelta(text);
        }
        inCallback = false;
      }
    } catch (err) {
      if (inCallback) throw err;
      throw this.failure(err, { signal: request.signal, attempt, delivered: delivered.text });
    } finally {
      attempt.end();
    }
    // The SDK's reader ends quietly when its signal aborts; tell the caller why it ended.
    if (request.signal?.aborted || attempt.timedOut) {
      throw this.failure(undefined, { signal: request.signal, attempt, delivered: delivered.text });
    }
    if (chunks === 0) throw emptyStreamError(this.settings.baseUrl);
    return assembler.finish(request.messages);
  }

  private body(request: Pick<ChatRequest, "messages" | "tools" | "maxTokens">, stream: boolean): ReturnType<typeof requestBody> {
    const maxTokens = request.maxTokens ?? this.settingsWithKey.maxTokens;
    const input = { model: this.settings.model, messages: request.messages, tools: request.tools, maxTokens };
    return requestBody(input, this.compat, stream);
  }

  private requestOptions(signal: AbortSignal | undefined): { signal?: AbortSignal; timeout: number } {
    return signal === undefined ? { timeout: this.timeoutMs } : { signal, timeout: this.timeoutMs };
  }

  /** What to throw for a failed attempt: an AbortError, a `ModelError`, or an unknown error as is. */
  private failure(err: unknown, state: { signal: AbortSignal | undefined; attempt?: Attempt; delivered: string }): unknown {
    if (state.signal?.aborted) return new ModelAbortError();
    const modelError = state.attempt?.timedOut ? this.timeoutError(state.attempt.answered) : toModelError(err, this.errorContext);
    if (modelError === undefined) return isAbortError(err) ? new ModelAbortError() : err;
    return state.delivered === "" ? modelError : notRetriedAfterOutput(modelError, state.delivered);
  }

  private timeoutError(answered: boolean): ModelError {
    const seconds = Number((this.timeoutMs / 1000).toFixed(1));
    const message = answered
      ? `${this.settings.baseUrl} sent nothing for ${seconds} s mid-reply (timed out).`
      : `No response from ${this.settings.baseUrl} in ${seconds} s (request timed out).`;
    return new ModelError(message, { kind: "timeout", retryable: true });
  }
}

interface Transport {
  sdk: Sdk;
  client: OpenAI;
  endpoint: ChatEndpoint;
}

/** A 200 whose body held no SSE chunk: typically a server that ignores `stream: true` and sends JSON. */
function emptyStreamError(baseUrl: string): ModelError {
  return new ModelError(
    `${baseUrl} answered without any stream chunk; it may not support streaming (stream: true) or not be OpenAI-compatible.`,
    { kind: "protocol", retryable: false },
  );
}

/** Retrying after text was shown would show it twice: report instead, keeping what arrived. */
function notRetriedAfterOutput(error: ModelError, delivered: string): ModelError {
  const final = new ModelError(
    `${error.message} The reply was cut short after part of it was shown; not retried, so it is not repeated.`,
    { kind: error.kind, retryable: false, ...(error.status === undefined ? {} : { status: error.status }), cause: error.cause },
  );
  final.partialContent = delivered;
  return final;
}

function modelIds(body: unknown): string[] | undefined {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return undefined;
  return data.flatMap((entry) => (typeof (entry as { id?: unknown })?.id === "string" ? [(entry as { id: string }).id] : []));
}
