/**
 * The conversation loop: send the history and the tool definitions, stream the reply, run the
 * tool calls it asks for, and repeat until a reply without tool calls or the iteration budget
 * is spent (then one last tool-less call asks for a summary). Every message is appended to the
 * history, and to the session transcript, the moment it exists; the history stays valid (every
 * tool call answered) whatever happens: interrupts, unknown tools, failing tools, model errors.
 */
import {
  isAbortError,
  ModelError,
  type AssistantTurn,
  type ChatClient,
  type ChatMessage,
  type ImagePart,
  type ToolCall,
  type UserMessage,
} from "../llm/index.js";
import { loadBuiltinTools } from "../calls/model-tools.js";
import { offeredInMode } from "../calls/permission-mode.js";
import { createLogger, type RegisterOptions } from "../registry/index.js";
import { sessionStart, stopRequested, userPromptSubmit } from "../hooks/events.js";
import { contextWindowFor } from "../tokens/context-window.js";
import { clientFrom } from "./agent-client.js";
import type { AgentOptions, RunOptions, RunResult } from "./agent-options.js";
import { withContext } from "./prompt-context.js";
import { budgetSpentPrompt, errorDetails, errorMessage } from "./run-messages.js";
import { agentAsTool, type AsToolSpec, type ChildSpec } from "./subagent.js";
import { RequestContext } from "./compaction/request-context.js";
import { callFitting, isRetryableOverflow } from "./context-fit.js";
import type { AgentEvent, TurnStatus } from "./events.js";
import { NO_REQUEST_TOOLS, SessionTools, toolsUsedIn, type RequestTools } from "./request-tools.js";
import type { Session } from "./session.js";
import { defaultSystemPrompt } from "./system-prompt.js";
import { newBoundary, wireMessages } from "./tool-boundary.js";
import { historyMessage, uniqueIds } from "./reply-message.js";
import { runToolCalls } from "./tool-runner.js";
import { addUsage } from "./run-usage.js";
import { aborted, saveCallsSoon, startRun, type RunState } from "./run-state.js";
import type { UsageFigures } from "./usage-totals.js";

const log = createLogger("agent");

export const DEFAULT_MAX_ITERATIONS = 90;
export const DEFAULT_MAX_PARALLEL_TOOLS = 8;

export type { AgentOptions, RunOptions, RunResult };

/** The session's boundary, else a new one (which the session then keeps). */
function boundaryFor(session: Session | undefined): string {
  if (session?.boundary !== undefined) return session.boundary;
  const boundary = newBoundary();
  if (session !== undefined) session.boundary = boundary;
  return boundary;
}

export class Agent {
  #client: ChatClient;
  #session: Session | undefined;
  #history: ChatMessage[];
  /** Messages not yet in the session transcript (written once per round). */
  #unsaved: ChatMessage[] = [];
  #system: string | undefined;
  /** This conversation's tool-output boundary (tool-boundary.ts): kept by the session, so a resumed one sends the same bytes. */
  #boundary: string;
  #tools: SessionTools;
  /** What each request carries of the history (compaction) and what the requests used. */
  #context: RequestContext;
  #running = false;
  /** SessionStart has fired (once per agent); what its hooks added to the system prompt. */
  #started = false;
  #sessionContext = "";
  readonly #options: AgentOptions;
  readonly maxIterations: number;

  constructor(options: AgentOptions = {}) {
    this.#options = options;
    this.#client = options.client ?? clientFrom(options);
    this.maxIterations = positiveInteger(options.maxIterations ?? DEFAULT_MAX_ITERATIONS, "maxIterations");
    this.#session = options.session;
    this.#history = [...(options.session?.messages ?? options.history ?? [])];
    this.#system = options.systemPrompt;
    this.#boundary = boundaryFor(options.session);
    this.#tools = sessionTools(options, this.#history);
    this.#context = new RequestContext(this.#history, {
      window: options.context?.window ?? contextWindowFor(this.#client.settings.model),
      ...(options.context?.compactAt === undefined ? {} : { compactAt: options.context.compactAt }),
      ...(options.session?.compaction === undefined ? {} : { resumed: options.session.compaction }),
      ...(options.pricing === undefined ? {} : { pricing: options.pricing }),
      ...(options.beforeCompact === undefined ? {} : { beforeCompact: options.beforeCompact }),
      emit: (event) => this.#emit(event),
      record: (record) => this.#session?.recordCompaction(record),
    });
  }

  get client(): ChatClient {
    return this.#client;
  }

  get session(): Session | undefined {
    return this.#session;
  }

  get running(): boolean {
    return this.#running;
  }

  /**
   * The whole conversation, system prompt first (once known), tool results raw as the tools
   * returned them. The request wraps each tool message's content in `boundary` (tool-boundary.ts).
   */
  get messages(): readonly ChatMessage[] {
    const system = this.#systemPrompt();
    return system === undefined ? [...this.#history] : [{ role: "system", content: system }, ...this.#history];
  }

  /** What the next request carries: the system prompt, a compaction's summary (if any), the recent history. */
  get contextMessages(): readonly ChatMessage[] {
    const view = this.#context.view(this.#history);
    const system = this.#systemPrompt();
    return system === undefined ? view : [{ role: "system", content: system }, ...view];
  }

  /** The system prompt with what SessionStart hooks added. */
  #systemPrompt(): string | undefined {
    return this.#system === undefined ? undefined : `${this.#system}${this.#sessionContext}`;
  }

  /** How full the model's context is (tokens, window and percent, as far as known). */
  get contextUse(): { tokens: number; window: number | undefined; percent: number | undefined } {
    return this.#context.reading;
  }

  /** Tokens (and cost, where known) of this conversation's requests in this process. */
  get usage(): UsageFigures {
    return this.#context.usage.figures;
  }

  /** Summarises the older part of the conversation now (`/compact [focus]`); false when there is nothing to compact. */
  async compact(focus?: string, options: RunOptions = {}): Promise<boolean> {
    if (this.#running) throw new Error("Cannot compact while a run is in progress; wait for it or abort it.");
    this.#save();
    return this.#context.compact(this.#history, { client: this.#client, reason: "manual", ...(focus === undefined ? {} : { focus }), signal: options.signal });
  }

  /** The marker around tool results in requests (16 hex characters, random per conversation). */
  get boundary(): string {
    return this.#boundary;
  }

  /** This agent as a tool (`registry.register(agent.asTool({ name, description }))`): a fresh child per call. */
  asTool(spec: AsToolSpec): RegisterOptions {
    const o = this.#options;
    const make = (child: ChildSpec): Agent => new Agent({ ...o, client: this.#client, session: undefined, history: undefined, ...child, subagent: true });
    return agentAsTool(spec, { selection: { enabledToolsets: o.toolsets, disabledToolsets: o.disabledToolsets }, tools: o.tools }, make);
  }

  /** Switches the model or endpoint for the next run (e.g. `/model`). */
  useClient(client: ChatClient): void {
    this.#client = client;
    if (this.#options.context?.window === undefined) this.#context.setWindow(contextWindowFor(client.settings.model));
  }

  /** Forgets the conversation; later messages go to `session` (or nowhere). */
  reset(session?: Session): void {
    if (this.#running) throw new Error("Cannot reset the agent while a run is in progress; abort it first.");
    this.#history = [...(session?.messages ?? [])];
    this.#unsaved = [];
    this.#session = session;
    this.#boundary = boundaryFor(session);
    // A new conversation is a new prompt prefix: its tools start afresh too.
    this.#tools = sessionTools(this.#options, this.#history);
    this.#context.reset(this.#history, session?.compaction);
  }

  /** One user message, answered: the loop runs until a final reply, the budget, an interrupt or a model error (rejects). */
  async run(userText: UserMessage["content"], options: RunOptions = {}): Promise<RunResult> {
    if (this.#running) throw new Error("This agent is already running; wait for the current run (or abort it) before starting another.");
    this.#running = true;
    const state = startRun({ firstMessage: this.#history.length, signal: options.signal, session: this.#session, checkpoint: this.#options.checkpoint, emit: (e) => this.#emit(e), save: () => this.#save() });
    try {
      await this.#prepare();
      const submitted = await userPromptSubmit(typeof userText === "string" ? userText : JSON.stringify(userText), state.signal);
      if (submitted.blocked !== undefined) return this.#end(state, "blocked", submitted.blocked);
      this.#append({ role: "user", content: withContext(userText, submitted.context) });
      return await this.#loop(state);
    } catch (err) {
      if (isAbortError(err) || aborted(state)) return this.#end(state, "interrupted", null);
      this.#emit({ type: "error", message: errorMessage(err), ...errorDetails(err) });
      this.#emitTurnEnd(state, "failed", null);
      throw err;
    } finally {
      try {
        this.#save();
        await this.#session?.settled(); // a new transcript may still be opening off the main thread
      } finally {
        this.#running = false;
      }
    }
  }

  async #prepare(): Promise<void> {
    if (this.#options.loadBuiltinTools !== false) await loadBuiltinTools();
    const tools = await this.#tools.next(true);
    if (!this.#started && this.#options.subagent !== true) {
      const context = await sessionStart(this.#history.length > 0 ? "resume" : "startup");
      if (context !== undefined) this.#sessionContext = `\n\n${context}`;
    }
    this.#started = true;
    if (this.#system !== undefined) return;
    const base = defaultSystemPrompt({
      tools: [...tools.names].sort(),
      cwd: this.#options.cwd ?? process.cwd(),
      boundary: this.#boundary,
      ...(tools.searching ? { deferredToolsets: tools.toolsets } : {}),
    });
    const extra = this.#options.instructions?.();
    this.#system = extra !== undefined && extra !== "" ? `${base}\n\n${extra}` : base;
  }

  async #loop(state: RunState): Promise<RunResult> {
    while (state.iterations < this.maxIterations) {
      if (aborted(state)) return this.#end(state, "interrupted", null);
      // Same as the last request unless the registry changed or the session loaded tools since.
      let compactedOnOverflow = false;
      const { reply, tools } = await callFitting(await this.#tools.next(), {
        call: async (offered) => {
          try {
            return await this.#callModel(state, offered);
          } catch (err) {
            // Once per request: summarise the older history, then send it again.
            if (compactedOnOverflow || !isRetryableOverflow(err)) throw err;
            compactedOnOverflow = true;
            const request = { client: this.#client, system: this.#systemPrompt(), definitions: offered.definitions, signal: state.signal };
            if (!(await this.#context.afterOverflow(this.#history, err.contextTokens, request))) throw err;
            state.iterations--;
            return await this.#callModel(state, offered);
          }
        },
        shrink: () => this.#tools.shrink(),
        model: this.#client.settings.model,
        // The refused request does not count against the iteration budget.
        onShrink: (message) => void (state.iterations--, this.#emit({ type: "retry", attempt: 1, delay: 0, message })),
      });
      if (reply.toolCalls.length === 0) {
        const more = await stopRequested(this.#options.subagent === true ? "SubagentStop" : "Stop", reply.content ?? "", state.stopHookActive, state.signal);
        if (more === undefined) return this.#end(state, "completed", reply.content ?? "");
        // A Stop hook that blocks makes the run go on, its reason the next user message.
        state.stopHookActive = true;
        this.#append({ role: "user", content: more });
        continue;
      }
      await this.#runTools(reply.toolCalls, tools.callable, state);
      if (aborted(state)) return this.#end(state, "interrupted", null);
    }
    const summary = await this.#callModel(state, NO_REQUEST_TOOLS, budgetSpentPrompt(this.maxIterations));
    return this.#end(state, "max_iterations", summary.content ?? "");
  }

  async #callModel(state: RunState, tools: RequestTools, extraPrompt?: string): Promise<AssistantTurn> {
    this.#save();
    // Plan mode offers read-only tools only (permission-mode.ts refuses the others if called).
    const definitions = offeredInMode(tools.definitions);
    const shape = { client: this.#client, system: this.#systemPrompt(), definitions, signal: state.signal };
    const estimate = await this.#context.beforeRequest(this.#history, shape);
    state.iterations++;
    this.#emit({ type: "model_start", iteration: state.iterations, tools: definitions.length });
    const messages = wireMessages(this.contextMessages, this.#boundary);
    let streamed = "";
    let turn: AssistantTurn;
    try {
      turn = await this.#client.streamChat({
        messages: extraPrompt === undefined ? messages : [...messages, { role: "user", content: extraPrompt }],
        tools: definitions,
        ...(state.signal === undefined ? {} : { signal: state.signal }),
        onTextDelta: (text) => {
          streamed += text;
          this.#emit({ type: "assistant_delta", text });
        },
        onReasoningDelta: (text) => this.#emit({ type: "reasoning", text }),
        onRetry: (info) => this.#emit({ type: "retry", attempt: info.attempt, delay: info.delayMs, message: info.error.message }),
      });
    } catch (err) {
      // What the user already saw stays in the conversation, so the next turn can refer to it.
      const partial = streamed !== "" ? streamed : err instanceof ModelError ? err.partialContent : undefined;
      if (partial !== undefined && partial !== "") this.#append({ role: "assistant", content: partial });
      throw err;
    }
    // The summary call offers no tools: calls it makes anyway are dropped, never left unanswered.
    const calls = tools === NO_REQUEST_TOOLS ? [] : uniqueIds(turn.toolCalls);
    const message = historyMessage({ ...turn, toolCalls: calls });
    this.#append(message);
    this.#emit({
      type: "assistant_message",
      content: message.content,
      toolCalls: calls,
      message,
      finishReason: turn.finishReason,
      ...(turn.usage === undefined ? {} : { usage: turn.usage }),
    });
    addUsage(state.usage, this.#context.afterReply(turn, estimate, message, this.#client.settings.model));
    return { ...turn, content: message.content, toolCalls: calls };
  }

  async #runTools(calls: ToolCall[], offered: ReadonlySet<string>, state: RunState): Promise<void> {
    const images: ImagePart[] = [];
    const cancelSave = saveCallsSoon(calls, state);
    try {
      await this.#runToolCalls(calls, offered, state, images);
    } finally {
      cancelSave();
    }
    // A tool called by name without a search is loaded too: the model evidently needs it.
    this.#tools.load(calls.map((call) => call.name));
    if (images.length > 0) {
      this.#append({ role: "user", content: [{ type: "text", text: "Images returned by the tool calls above:" }, ...images] });
    }
  }

  async #runToolCalls(calls: ToolCall[], offered: ReadonlySet<string>, state: RunState, images: ImagePart[]): Promise<void> {
    await runToolCalls(calls, {
      offered,
      reoffer: async () => (await this.#tools.next()).callable,
      toolCatalog: this.#tools.catalog,
      ...(state.signal === undefined ? {} : { signal: state.signal }),
      ...(this.#options.approve === undefined ? {} : { approve: this.#options.approve }),
      ...(this.#options.approvalUnavailable === undefined ? {} : { approvalUnavailable: this.#options.approvalUnavailable }),
      ...(this.#options.caller === undefined ? {} : { caller: this.#options.caller }),
      maxParallel: this.#options.maxParallelTools ?? DEFAULT_MAX_PARALLEL_TOOLS,
      attachImages: this.#options.attachImages === true,
      emit: (event) => this.#emit(event),
      beforeWrite: state.beforeWrite,
      onResult: (message, found) => {
        this.#append(message);
        // Each finished result is on disk at once: a process killed while another call runs keeps it.
        this.#save();
        images.push(...found);
      },
    });
  }

  #append(message: ChatMessage): void {
    this.#history.push(message);
    this.#context.added(message);
    this.#unsaved.push(message);
  }

  /**
   * Writes the messages since the last save in one append: before each request, around tool calls
   * (run-state.ts: saveCallsSoon, beforeWrite, each result), at the end of a run. A new transcript is
   * created off the main thread meanwhile (its first request does not wait for the disk); the run
   * awaits it before a call that may write runs, and before it ends.
   */
  #save(): void {
    if (this.#unsaved.length === 0) return;
    const messages = this.#unsaved;
    this.#unsaved = [];
    this.#session?.appendAllSoon(messages);
  }

  #end(state: RunState, status: RunResult["status"], content: string | null): RunResult {
    this.#emitTurnEnd(state, status, content);
    return { status, content, iterations: state.iterations, usage: state.usage, messages: this.#history.slice(state.firstMessage) };
  }

  #emitTurnEnd(state: RunState, status: TurnStatus, content: string | null): void {
    this.#emit({ type: "turn_end", status, iterations: state.iterations, content, usage: { ...state.usage } });
  }

  /** A listener that throws must not break the loop (and leave calls unanswered). */
  #emit(event: AgentEvent): void {
    try {
      this.#options.onEvent?.(event);
    } catch (err) {
      log.error(`An onEvent listener threw on "${event.type}": ${errorMessage(err)}`);
    }
  }
}

/** The tools of a conversation's requests; one continued from a history offers again the tools it used. */
function sessionTools(options: AgentOptions, history: readonly ChatMessage[]): SessionTools {
  const tools = new SessionTools({ enabledToolsets: options.toolsets, disabledToolsets: options.disabledToolsets }, options.toolSearch, options.tools);
  tools.load(toolsUsedIn(history));
  return tools;
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number of at least 1, got ${value}`);
  return value;
}
