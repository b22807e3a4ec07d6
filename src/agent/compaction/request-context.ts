/**
 * The agent's side of compaction and usage: before each request it decides (cheaply) whether to
 * compact first; after each reply it books the usage (the provider's, or an estimate marked so),
 * calibrates the context meter and reports both as events.
 */
import { isAbortError, type AssistantMessage, type AssistantTurn, type ChatClient, type ChatMessage, type TokenUsage } from "../../llm/index.js";
import { createLogger, type ToolDefinition } from "../../registry/index.js";
import { pricingFor, type ModelPricing } from "../../tokens/pricing.js";
import type { AgentEvent } from "../events.js";
import { UsageTotals } from "../usage-totals.js";
import { ContextKeeper, type CompactionReason, type CompactionRecord, type CompactionStart } from "./context-keeper.js";
import { definitionsTokens, messageTokens } from "./estimate.js";

const log = createLogger("agent");

export interface RequestContextOptions {
  window: number | undefined;
  compactAt?: number;
  resumed?: CompactionRecord;
  /** `model.pricing` of config.yaml (else the shipped table decides). */
  pricing?: ModelPricing;
  beforeCompact?: (start: CompactionStart) => void | Promise<void>;
  emit: (event: AgentEvent) => void;
  /** Writes the compaction to the transcript. */
  record: (record: CompactionRecord) => void;
}

export interface RequestShape {
  client: ChatClient;
  system: string | undefined;
  definitions: readonly ToolDefinition[];
  signal?: AbortSignal | undefined;
}

export class RequestContext {
  readonly usage = new UsageTotals();
  #keeper: ContextKeeper;
  /** The last request's system prompt and tool definitions' size: what a `/compact` between runs measures against. */
  #system: string | undefined;
  #toolTokens = 0;
  readonly #options: RequestContextOptions;

  constructor(history: readonly ChatMessage[], options: RequestContextOptions) {
    this.#options = options;
    this.#keeper = this.#newKeeper(history, options.resumed);
  }

  #newKeeper(history: readonly ChatMessage[], resumed: CompactionRecord | undefined): ContextKeeper {
    return new ContextKeeper(history, {
      window: this.#options.window,
      ...(this.#options.compactAt === undefined ? {} : { compactAt: this.#options.compactAt }),
      ...(resumed === undefined ? {} : { resumed }),
    });
  }

  view(history: readonly ChatMessage[]): ChatMessage[] {
    return this.#keeper.view(history);
  }

  added(message: ChatMessage): void {
    this.#keeper.added(message);
  }

  /** A new conversation (or a resumed one, from its last compaction). */
  reset(history: readonly ChatMessage[], resumed: CompactionRecord | undefined): void {
    this.#keeper = this.#newKeeper(history, resumed);
    this.usage.reset();
  }

  /** The model changed (`/model`): its window, unless one was configured. */
  setWindow(window: number | undefined): void {
    this.#keeper.meter.window = window;
  }

  /** How full the context is for a request like the last one. */
  get reading(): { tokens: number; window: number | undefined; percent: number | undefined } {
    const { tokens, window, share } = this.#keeper.meter.reading(this.#keeper.estimate(this.#system, this.#toolTokens));
    return { tokens, window, percent: share === undefined ? undefined : Math.round(share * 100) };
  }

  /** Compacts first when the request would pass `compactAt`; returns the request's raw estimate, for `afterReply`. */
  async beforeRequest(history: readonly ChatMessage[], request: RequestShape): Promise<number> {
    this.#system = request.system;
    this.#toolTokens = definitionsTokens(request.definitions);
    if (this.#keeper.needsCompaction(history.length, request.system, this.#toolTokens)) {
      try {
        await this.compact(history, { client: request.client, reason: "threshold", signal: request.signal });
      } catch (err) {
        if (isAbortError(err) || request.signal?.aborted === true) throw err;
        // The request still goes out: a context-length error would then compact once more.
        log.warn(`Compacting the conversation failed (${(err as Error).message}); sending it as it is.`);
      }
    }
    return this.#keeper.estimate(request.system, this.#toolTokens);
  }

  /** Books a reply's usage (estimated when the provider sent none) and reports it; returns it. */
  afterReply(turn: AssistantTurn, estimate: number, message: AssistantMessage, model: string): TokenUsage {
    this.#keeper.meter.learnWindow(turn.contextWindow);
    if (turn.usage !== undefined) this.#keeper.meter.report(turn.usage.promptTokens, estimate);
    const usage = turn.usage ?? estimated(this.#keeper.meter.expected(estimate), messageTokens(message));
    this.#book(usage, "turn", model);
    return usage;
  }

  /** A context-length error: learn the window it names, then compact once. */
  async afterOverflow(history: readonly ChatMessage[], contextTokens: number | undefined, request: RequestShape): Promise<boolean> {
    this.#keeper.meter.learnWindow(contextTokens);
    this.#toolTokens = definitionsTokens(request.definitions);
    return this.compact(history, { client: request.client, reason: "overflow", signal: request.signal });
  }

  /** Summarises the older part now; false when there is nothing to compact. */
  async compact(history: readonly ChatMessage[], how: { client: ChatClient; reason: CompactionReason; focus?: string; signal?: AbortSignal | undefined }): Promise<boolean> {
    const outcome = await this.#keeper.compact(history, {
      client: how.client,
      reason: how.reason,
      ...(how.focus === undefined ? {} : { focus: how.focus }),
      ...(how.signal === undefined ? {} : { signal: how.signal }),
      system: this.#system,
      toolTokens: this.#toolTokens,
      ...(this.#options.beforeCompact === undefined ? {} : { beforeCompact: this.#options.beforeCompact }),
    });
    if (outcome === undefined) return false;
    const { record } = outcome;
    this.#options.record(record);
    const window = this.#keeper.meter.window;
    this.#options.emit({
      type: "compaction",
      reason: record.reason,
      compacted: outcome.compacted,
      from: record.from,
      tokensBefore: record.tokensBefore,
      tokensAfter: record.tokensAfter,
      ...(window === undefined ? {} : { window }),
    });
    this.#book(outcome.usage ?? estimated(0, Math.ceil(record.summary.length / 4)), "compaction", how.client.settings.model);
    return true;
  }

  #book(usage: TokenUsage, purpose: "turn" | "compaction", model: string): void {
    const cost = this.usage.add(usage, pricingFor(model, this.#options.pricing));
    const total = this.usage.figures;
    const { tokens, window, percent } = this.reading;
    this.#options.emit({
      type: "usage",
      input: usage.promptTokens,
      output: usage.completionTokens,
      cached: usage.cachedTokens ?? 0,
      estimated: usage.estimated === true,
      purpose,
      ...(cost === undefined ? {} : { cost }),
      session: { input: total.input, output: total.output, cached: total.cached, requests: total.requests, ...(total.cost === undefined ? {} : { cost: total.cost }) },
      context: { tokens, ...(window === undefined ? {} : { window }), ...(percent === undefined ? {} : { percent }) },
    });
  }
}

function estimated(promptTokens: number, completionTokens: number): TokenUsage {
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens, estimated: true };
}
