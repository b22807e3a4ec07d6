/**
 * The conversation loop: send the history and the tool definitions, stream the reply, run the
 * tool calls it asks for, and repeat until a reply without tool calls or the iteration budget
 * is spent (then one last tool-less call asks for a summary). Every message is appended to the
 * history, and to the session transcript, the moment it exists; the history stays valid (every
 * tool call answered) whatever happens: interrupts, unknown tools, failing tools, model errors.
 */
import {
  createChatClient,
  isAbortError,
  ModelError,
  resolveModelSettings,
  type AssistantTurn,
  type ChatClient,
  type ChatClientOptions,
  type ChatMessage,
  type ImagePart,
  type ModelSettings,
  type TokenUsage,
  type ToolCall,
  type UserMessage,
} from "../llm/index.js";
import { loadBuiltinTools } from "../calls/model-tools.js";
import { createLogger, quiverPath, type ApprovalDecision, type ApprovalRequest } from "../registry/index.js";
import { checkpointOnce, type CheckpointHook } from "./checkpoint-hook.js";
import { callFitting } from "./context-fit.js";
import type { AgentEvent, AgentEventListener, TurnStatus } from "./events.js";
import { NO_REQUEST_TOOLS, SessionTools, toolsUsedIn, type RequestTools, type ToolSearchOptions } from "./request-tools.js";
import type { Session } from "./session.js";
import { defaultSystemPrompt } from "./system-prompt.js";
import { newBoundary, wireMessages } from "./tool-boundary.js";
import { historyMessage, uniqueIds } from "./reply-message.js";
import { runToolCalls, type ToolRunOptions } from "./tool-runner.js";

const log = createLogger("agent");

export const DEFAULT_MAX_ITERATIONS = 90;
export const DEFAULT_MAX_PARALLEL_TOOLS = 8;

export interface AgentOptions {
  /** A ready client; otherwise one is made from `model` / `baseUrl` / `apiKey` and the env. */
  client?: ChatClient;
  /** A model name (endpoint and key then come from `baseUrl`, `apiKey` or the env), or full settings. */
  model?: string | ModelSettings;
  baseUrl?: string;
  apiKey?: string;
  clientOptions?: ChatClientOptions;
  /** Toolsets offered to the model (default: all). */
  toolsets?: readonly string[];
  /** Toolsets withheld, whatever `toolsets` says. */
  disabledToolsets?: readonly string[];
  /** Progressive tool disclosure (`tools.search` in config.yaml): mode, core tools, context window. */
  toolSearch?: ToolSearchOptions;
  /** Model calls with tools per user message (default 90); then one tool-less call for a summary. */
  maxIterations?: number;
  /** Asked when a tool wants to do something dangerous; without it such calls are refused. */
  approve?: (request: ApprovalRequest) => Promise<ApprovalDecision>;
  /** A tool's ctx.elicit / ctx.sample / ctx.log, per call (the chat front ends: the user and the chat's model). */
  caller?: ToolRunOptions["caller"];
  /** How to approve where no one can be asked (the front end's own way), for the tools' `approval_required`. */
  approvalUnavailable?: string;
  onEvent?: AgentEventListener;
  /** Replaces the default system prompt (capabilities, working directory, date). */
  systemPrompt?: string;
  /** Appended to the default system prompt when the first run starts (e.g. MCP servers' instructions). */
  instructions?: () => string | undefined;
  /** Messages are appended to it as they happen; a resumed session's history is continued. */
  session?: Session;
  /** Earlier messages to continue from when there is no session. */
  history?: readonly ChatMessage[];
  /** Working directory named in the default system prompt (default `process.cwd()`). */
  cwd?: string;
  /** Discover the built-in tools before the first run (default true). */
  loadBuiltinTools?: boolean;
  /** Read-only calls run at once, at most (default 8). */
  maxParallelTools?: number;
  /**
   * Attach images from tool results to a user message after the batch (needs a vision model).
   * Default false: images are described in the tool message, which every endpoint accepts.
   */
  attachImages?: boolean;
  /** Takes a checkpoint of the project before the first call of each run that may write. */
  checkpoint?: CheckpointHook;
}

export interface RunOptions {
  /** Aborts the model request and running tools; the history stays valid. */
  signal?: AbortSignal;
}

export interface RunResult {
  status: Exclude<TurnStatus, "failed">;
  /** The final answer (null after an interrupt). */
  content: string | null;
  /** Model calls made. */
  iterations: number;
  usage: TokenUsage;
  /** The messages this run added to the history, in order. */
  messages: ChatMessage[];
}

interface RunState {
  iterations: number;
  usage: TokenUsage;
  firstMessage: number;
  signal: AbortSignal | undefined;
  /** Takes the run's checkpoint before its first write (then does nothing). */
  beforeWrite: ((call: ToolCall) => Promise<void>) | undefined;
}

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
  #running = false;
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
    return this.#system === undefined ? [...this.#history] : [{ role: "system", content: this.#system }, ...this.#history];
  }

  /** The marker around tool results in requests (16 hex characters, random per conversation). */
  get boundary(): string {
    return this.#boundary;
  }

  /** Switches the model or endpoint for the next run (e.g. `/model`). */
  useClient(client: ChatClient): void {
    this.#client = client;
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
  }

  /** One user message, answered: the loop runs until a final reply, the budget, an interrupt or a model error (rejects). */
  async run(userText: UserMessage["content"], options: RunOptions = {}): Promise<RunResult> {
    if (this.#running) throw new Error("This agent is already running; wait for the current run (or abort it) before starting another.");
    this.#running = true;
    const state: RunState = { iterations: 0, usage: emptyUsage(), firstMessage: this.#history.length, signal: options.signal, beforeWrite: undefined };
    if (this.#options.checkpoint !== undefined) state.beforeWrite = checkpointOnce(this.#options.checkpoint, this.#session?.id, (e) => this.#emit(e));
    try {
      await this.#prepare();
      this.#append({ role: "user", content: userText });
      return await this.#loop(state);
    } catch (err) {
      if (isAbortError(err) || aborted(state)) return this.#end(state, "interrupted", null);
      this.#emit({ type: "error", message: errorMessage(err), ...errorDetails(err) });
      this.#emitTurnEnd(state, "failed", null);
      throw err;
    } finally {
      this.#save();
      this.#running = false;
    }
  }

  async #prepare(): Promise<void> {
    if (this.#options.loadBuiltinTools !== false) await loadBuiltinTools();
    const tools = await this.#tools.next(true);
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
      const { reply, tools } = await callFitting(await this.#tools.next(), {
        call: (offered) => this.#callModel(state, offered),
        shrink: () => this.#tools.shrink(),
        model: this.#client.settings.model,
        // The refused request does not count against the iteration budget.
        onShrink: (message) => void (state.iterations--, this.#emit({ type: "retry", attempt: 1, delay: 0, message })),
      });
      if (reply.toolCalls.length === 0) return this.#end(state, "completed", reply.content ?? "");
      // The calls are on disk before anything runs: a process killed mid-tool resumes knowing them.
      this.#save();
      await this.#runTools(reply.toolCalls, tools.callable, state);
      if (aborted(state)) return this.#end(state, "interrupted", null);
    }
    const summary = await this.#callModel(state, NO_REQUEST_TOOLS, budgetSpentPrompt(this.maxIterations));
    return this.#end(state, "max_iterations", summary.content ?? "");
  }

  async #callModel(state: RunState, tools: RequestTools, extraPrompt?: string): Promise<AssistantTurn> {
    this.#save();
    state.iterations++;
    this.#emit({ type: "model_start", iteration: state.iterations, tools: tools.definitions.length });
    const messages = wireMessages(this.messages, this.#boundary);
    let streamed = "";
    let turn: AssistantTurn;
    try {
      turn = await this.#client.streamChat({
        messages: extraPrompt === undefined ? messages : [...messages, { role: "user", content: extraPrompt }],
        tools: tools.definitions,
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
    addUsage(state.usage, turn.usage);
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
    return { ...turn, content: message.content, toolCalls: calls };
  }

  async #runTools(calls: ToolCall[], offered: ReadonlySet<string>, state: RunState): Promise<void> {
    const images: ImagePart[] = [];
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
      ...(state.beforeWrite === undefined ? {} : { beforeWrite: state.beforeWrite }),
      onResult: (message, found) => {
        this.#append(message);
        // Each finished result is on disk at once: a process killed while another call runs keeps it.
        this.#save();
        images.push(...found);
      },
    });
    // A tool called by name without a search is loaded too: the model evidently needs it.
    this.#tools.load(calls.map((call) => call.name));
    if (images.length > 0) {
      this.#append({ role: "user", content: [{ type: "text", text: "Images returned by the tool calls above:" }, ...images] });
    }
  }

  #append(message: ChatMessage): void {
    this.#history.push(message);
    this.#unsaved.push(message);
  }

  /** Writes the messages since the last save in one append: before tools run, before each request, at the end of a run. */
  #save(): void {
    if (this.#unsaved.length === 0) return;
    const messages = this.#unsaved;
    this.#unsaved = [];
    this.#session?.appendAll(messages);
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

/** A function, not an inline check: TypeScript would keep the narrowing of `aborted` across awaits. */
function aborted(state: RunState): boolean {
  return state.signal?.aborted === true;
}

/** The tools of a conversation's requests; one continued from a history offers again the tools it used. */
function sessionTools(options: AgentOptions, history: readonly ChatMessage[]): SessionTools {
  const tools = new SessionTools({ enabledToolsets: options.toolsets, disabledToolsets: options.disabledToolsets }, options.toolSearch);
  tools.load(toolsUsedIn(history));
  return tools;
}

function clientFrom(options: AgentOptions): ChatClient {
  // `local:<name>` models resolve in $QUIVER_HOME/models, where `quiver models pull` puts them.
  const clientOptions: ChatClientOptions = { ...options.clientOptions, local: { modelsDir: quiverPath("models"), ...options.clientOptions?.local } };
  if (typeof options.model === "object") return createChatClient(options.model, clientOptions);
  const env = options.apiKey === undefined ? process.env : { ...process.env, OPENAI_API_KEY: options.apiKey };
  const flags = {
    ...(options.model === undefined ? {} : { model: options.model }),
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
  };
  const resolved = resolveModelSettings({ flags, env });
  if (resolved.problem !== undefined) throw new Error(resolved.problem.message);
  return createChatClient(resolved, clientOptions);
}

function budgetSpentPrompt(maxIterations: number): string {
  return (
    `You have used all ${maxIterations} model calls allowed for this request, so no more tools can be called. ` +
    "Without calling any tool, reply now with a final summary: what you did, what you found, your best answer, and what is left to do."
  );
}

function emptyUsage(): TokenUsage {
  return { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
}

function addUsage(total: TokenUsage, usage: TokenUsage | undefined): void {
  if (usage === undefined) return;
  total.promptTokens += usage.promptTokens;
  total.completionTokens += usage.completionTokens;
  total.totalTokens += usage.totalTokens;
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number of at least 1, got ${value}`);
  return value;
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function errorDetails(err: unknown): { kind?: string; status?: number } {
  if (!(err instanceof ModelError)) return {};
  return { kind: err.kind, ...(err.status === undefined ? {} : { status: err.status }) };
}
