/**
 * What of the history each request carries. Before a request would pass `compactAt` of the
 * model's window (and once after a context-length error) the older part of the history is
 * summarised by the model and replaced, in requests only, by the marked summary; the recent
 * turns stay verbatim and no tool call is parted from its result. The history itself and the
 * transcript keep every message: the compaction is recorded there as an event, which a resumed
 * session's keeper starts from.
 */
import type { AssistantTurn, ChatClient, ChatMessage, TokenUsage, UserMessage } from "../../llm/index.js";
import { ContextMeter, type ContextReading } from "./context-meter.js";
import { cutPoint } from "./cut-point.js";
import { messageTokens } from "./estimate.js";
import { summaryMessage, summaryRequest } from "./summary-request.js";

export const DEFAULT_COMPACT_AT = 0.8;
/** Share of the window the verbatim recent turns may keep after a compaction. */
const KEEP_SHARE = 0.25;
/** Share of the window the summarisation request's transcript may take (~3.5 characters a token). */
const SUMMARY_INPUT_SHARE = 0.5;
const CHARS_PER_TOKEN = 3.5;
/** Transcript characters sent for summarising when the window is unknown. */
const UNKNOWN_WINDOW_CHARS = 60_000;

export type CompactionReason = "threshold" | "overflow" | "manual";

/** Told before the model is asked for a summary (the `PreCompact` hook's seam); may be async. */
export interface CompactionStart {
  reason: CompactionReason;
  focus?: string;
  /** Messages about to be summarised (an earlier summary included). */
  messages: number;
  /** Expected tokens of the next request before compacting. */
  tokens: number;
  window: number | undefined;
}

/** The line a compaction leaves in the session transcript. */
export interface CompactionRecord {
  type: "compaction";
  /** Index of the first history message kept verbatim; everything before it is in `summary`. */
  from: number;
  summary: string;
  reason: CompactionReason;
  tokensBefore: number;
  tokensAfter: number;
  time: string;
}

export interface ContextKeeperOptions {
  window: number | undefined;
  /** Share of the window past which a request is compacted first (default 0.8). */
  compactAt?: number;
  /** A compaction to start from (a resumed session's last). */
  resumed?: Pick<CompactionRecord, "from" | "summary">;
}

export interface CompactOptions {
  client: ChatClient;
  reason: CompactionReason;
  focus?: string;
  signal?: AbortSignal;
  /** The raw estimate of the request's system prompt and tools (see `estimate`). */
  system: string | undefined;
  toolTokens: number;
  beforeCompact?: (start: CompactionStart) => void | Promise<void>;
}

export interface CompactOutcome {
  record: CompactionRecord;
  /** Messages summarised (an earlier summary counts as one). */
  compacted: number;
  usage: TokenUsage | undefined;
}

export class ContextKeeper {
  readonly meter: ContextMeter;
  readonly compactAt: number;
  #from = 0;
  #summary: UserMessage | undefined;
  /** History length at the last compaction: nothing new since, nothing to gain from another. */
  #compactedAt = -1;

  constructor(history: readonly ChatMessage[], options: ContextKeeperOptions) {
    this.meter = new ContextMeter(options.window);
    this.compactAt = options.compactAt ?? DEFAULT_COMPACT_AT;
    const resumed = options.resumed;
    if (resumed !== undefined && resumed.from > 0 && resumed.from < history.length && history[resumed.from]!.role !== "tool") {
      this.#from = resumed.from;
      this.#summary = summaryMessage(resumed.summary, resumed.from);
    }
    this.meter.reset(this.view(history));
  }

  /** The messages a request carries (system prompt aside): the summary, then the history from the cut. */
  view(history: readonly ChatMessage[]): ChatMessage[] {
    if (this.#summary === undefined) return [...history];
    return [this.#summary, ...history.slice(this.#from)];
  }

  get compacted(): boolean {
    return this.#summary !== undefined;
  }

  /** A message joined the history (and so the view). */
  added(message: ChatMessage): void {
    this.meter.add(message);
  }

  /** Starts over with a new conversation. */
  reset(history: readonly ChatMessage[]): void {
    this.#from = 0;
    this.#summary = undefined;
    this.#compactedAt = -1;
    this.meter.reset(history);
  }

  estimate(system: string | undefined, toolTokens: number): number {
    return this.meter.estimate(system, toolTokens);
  }

  reading(system: string | undefined, toolTokens: number): ContextReading {
    return this.meter.reading(this.estimate(system, toolTokens));
  }

  /** The per-request decision: O(1), a sum kept as messages arrive. */
  needsCompaction(historyLength: number, system: string | undefined, toolTokens: number): boolean {
    if (this.meter.window === undefined || historyLength === this.#compactedAt) return false;
    return this.meter.expected(this.estimate(system, toolTokens)) >= this.compactAt * this.meter.window;
  }

  /** Summarises the history before the cut; undefined when there is nothing to compact. */
  async compact(history: readonly ChatMessage[], options: CompactOptions): Promise<CompactOutcome | undefined> {
    const window = this.meter.window;
    const before = this.meter.expected(this.estimate(options.system, options.toolTokens));
    // Both budgets in this model's tokens: with a tokenizer denser than the estimate's (a
    // byte-level one, CJK text), "a quarter of the window" by the raw estimate kept everything.
    const ratio = this.meter.ratio;
    const keep = Math.floor((window ?? before) * KEEP_SHARE);
    const cut = cutPoint(history, this.#from, keep, (m) => messageTokens(m) * ratio);
    if (cut === undefined || cut <= this.#from) return undefined;
    const older = [...(this.#summary === undefined ? [] : [this.#summary]), ...history.slice(this.#from, cut)];
    await options.beforeCompact?.({
      reason: options.reason,
      ...(options.focus === undefined ? {} : { focus: options.focus }),
      messages: older.length,
      tokens: before,
      window,
    });
    const maxChars = window === undefined ? UNKNOWN_WINDOW_CHARS : Math.floor((window * SUMMARY_INPUT_SHARE * CHARS_PER_TOKEN) / Math.max(1, ratio));
    const turn: AssistantTurn = await options.client.streamChat({
      messages: summaryRequest(older, maxChars, options.focus),
      tools: [],
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    const summary = (turn.content ?? "").trim();
    if (summary === "") throw new Error(`The model returned an empty summary when compacting ${older.length} messages; the conversation was left as it was.`);
    this.#from = cut;
    this.#summary = summaryMessage(summary, cut);
    this.#compactedAt = history.length;
    this.meter.reset(this.view(history));
    const after = this.meter.expected(this.estimate(options.system, options.toolTokens));
    const record: CompactionRecord = { type: "compaction", from: cut, summary, reason: options.reason, tokensBefore: before, tokensAfter: after, time: new Date().toISOString() };
    return { record, compacted: older.length, usage: turn.usage };
  }
}
