/**
 * A request on MCP 2026-07-28 that asks its caller something (ctx.elicit, ctx.sample,
 * ctx.listRoots): a tools/call, a prompts/get or a resources/read, the three the revision lets
 * answer `input_required`. It has no server-to-client requests, so the request answers
 * `input_required` with the questions and the client sends it again with the answers
 * (`inputResponses`) and the `requestState` it was given. The handler itself keeps running in
 * between, awaiting its question, so it is written once for both revisions: this "flight"
 * holds it.
 *
 * Flights live in this process; `requestState` carries their random id. Stateless serve records
 * which instance holds each (watchFlights), and another instance forwards a retry there
 * (flight-routing.ts); a retry no instance holds (or after FLIGHT_TTL_MS), or whose state was
 * altered, is a JSON-RPC -32602 that says to call the tool again.
 */
import { randomUUID } from "node:crypto";
import { inputRequired, ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { InputRequest, InputRequiredResult, Result, ServerContext } from "@modelcontextprotocol/server";
import type { RequestNotifier } from "./session-logs.js";

/** How long a flight waits for the client to come back with its answers. */
export const FLIGHT_TTL_MS = 10 * 60_000;

interface Question {
  key: string;
  request: InputRequest;
  resolve(response: unknown): void;
  reject(err: Error): void;
}

export class Flight<R extends Result = Result> {
  readonly id = randomUUID();
  /** Aborts the tool: the client cancelled, or never came back. */
  readonly controller = new AbortController();
  #asked: Question[] = [];
  readonly #waiting = new Map<string, Question>();
  #count = 0;
  /** Bumped each round: the state a round hands out is good for the next retry only. */
  #round = 0;
  #wake: (() => void) | undefined;
  #expiry: NodeJS.Timeout | undefined;
  #notify: RequestNotifier = () => Promise.resolve();
  result: Promise<R> | undefined;
  /** The first client capability the tool asked for that the client did not declare. */
  missing: "elicitation" | "sampling" | "roots" | undefined;

  /** The stream of the round now open: progress and logs of a later round go to the client's retry. */
  readonly notify: RequestNotifier = (note) => this.#notify(note);

  /** Answers the client sent with its first request, before anything was asked (keys it does not match are ignored). */
  readonly #given: Map<string, unknown>;

  /** `notify`: the first request's stream, open at once (a prompt's get may log before anything is awaited). */
  constructor(given?: Record<string, unknown>, notify?: RequestNotifier) {
    this.#given = new Map(Object.entries(given ?? {}));
    if (notify !== undefined) this.#notify = notify;
  }

  /** Called by the handler (through ctx): resolves with the client's answer. */
  ask(request: InputRequest, key?: string): Promise<unknown> {
    if (this.controller.signal.aborted) return Promise.reject(new Error("the call was cancelled"));
    if (key !== undefined && this.#given.has(key)) {
      const answer = this.#given.get(key);
      this.#given.delete(key);
      return Promise.resolve(answer);
    }
    const taken = key !== undefined && (this.#waiting.has(key) || this.#asked.some((q) => q.key === key));
    return new Promise((resolve, reject) => {
      this.#asked.push({ key: key !== undefined && !taken ? key : `q${++this.#count}`, request, resolve, reject });
      this.#wake?.();
    });
  }

  /** One round trip: the handler's result, or its open questions as `input_required`. */
  async round(ctx: ServerContext): Promise<R | InputRequiredResult> {
    this.#notify = ctx.mcpReq.notify;
    clearTimeout(this.#expiry);
    const onAbort = (): void => this.cancel("the client cancelled the call");
    ctx.mcpReq.signal.addEventListener("abort", onAbort, { once: true });
    try {
      const asked = new Promise<void>((resolve) => {
        this.#wake = resolve;
        if (this.#asked.length > 0) resolve();
      });
      const done = await Promise.race([(this.result as Promise<R>).then((result) => ({ result })), asked.then(() => undefined)]);
      if (done !== undefined) return done.result;
      // Questions asked together (Promise.all in the tool) go out in one round.
      await new Promise((resolve) => setImmediate(resolve));
      const batch = this.#asked.splice(0);
      for (const question of batch) this.#waiting.set(question.key, question);
      this.#expiry = setTimeout(() => this.cancel(`the client did not answer within ${FLIGHT_TTL_MS / 60_000} min`), FLIGHT_TTL_MS);
      this.#expiry.unref();
      return inputRequired({ inputRequests: Object.fromEntries(batch.map((q) => [q.key, q.request])), requestState: `${this.id}.${++this.#round}` });
    } finally {
      ctx.mcpReq.signal.removeEventListener("abort", onAbort);
      this.#wake = undefined;
    }
  }

  /** Whether `state` is the one the last round handed out (an older or altered one is refused). */
  current(state: string): boolean {
    return state === `${this.id}.${this.#round}`;
  }

  /** The client's answers of a retry; a question it left out is asked again in the next round. */
  answer(responses: Record<string, unknown> | undefined): void {
    for (const [key, question] of this.#waiting) {
      this.#waiting.delete(key);
      if (responses !== undefined && key in responses) question.resolve(responses[key]);
      else this.#asked.push(question);
    }
  }

  cancel(reason: string): void {
    clearTimeout(this.#expiry);
    const error = new Error(`input request not answered: ${reason}`);
    for (const question of [...this.#waiting.values(), ...this.#asked]) question.reject(error);
    this.#waiting.clear();
    this.#asked = [];
    this.controller.abort(error);
  }
}

const flights = new Map<string, Flight<Result>>();

/** Told when a flight starts and ends: stateless serve records which instance holds it (flight-routing.ts). */
export interface FlightListener {
  started(id: string): void;
  ended(id: string): void;
}
let listener: FlightListener | undefined;

export function watchFlights(next: FlightListener | undefined): void {
  listener = next;
}

/** The flight a `requestState` (`<flight id>.<round>`) belongs to. */
export function flightIdOf(state: string): string {
  const dot = state.lastIndexOf(".");
  return dot < 0 ? state : state.slice(0, dot);
}

/** True when this process holds the flight `id`. */
export function hasFlight(id: string): boolean {
  return flights.has(id);
}

/**
 * Serves one round of a tools/call, prompts/get or resources/read on 2026-07-28: starts the
 * handler (`start`) on a first request, resumes its flight on a retry that carries `requestState`.
 */
export async function serveRound<R extends Result>(ctx: ServerContext, start: (flight: Flight<R>) => Promise<R>): Promise<R | InputRequiredResult> {
  const state = ctx.mcpReq.requestState<unknown>();
  if (typeof state === "string") {
    const flight = flights.get(flightIdOf(state));
    // An altered, replayed or expired state is refused as bad params: nothing of the call runs on it.
    if (flight === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `requestState is unknown here (altered, expired, or started on another instance that is gone): send the ${ctx.mcpReq.method} again without it`);
    if (!flight.current(state)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `requestState is not the one this request's last round handed out (altered or replayed): send the latest requestState, or send the ${ctx.mcpReq.method} again without it`);
    flight.answer(ctx.mcpReq.inputResponses);
    return (flight as Flight<R>).round(ctx);
  }
  // A first request may already carry answers (the client knows the keys): a question that matches one is not asked.
  const flight = new Flight<R>(ctx.mcpReq.inputResponses, ctx.mcpReq.notify);
  flights.set(flight.id, flight);
  listener?.started(flight.id);
  flight.result = start(flight).finally(() => {
    flights.delete(flight.id);
    listener?.ended(flight.id);
  });
  return flight.round(ctx);
}
