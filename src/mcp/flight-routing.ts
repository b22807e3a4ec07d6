/**
 * Stateless serve and 2026-07-28 input-required calls: the tool keeps running between the
 * rounds (input-flights.ts), in the process that started it, so a retry must reach that
 * process. Each instance records in the shared store which flights it holds; an instance
 * that gets a retry for a flight it does not hold forwards the request, as it came, to the
 * instance that does: affinity per flight, nothing else pinned.
 */
import { request } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createLogger } from "../registry/index.js";
import { FLIGHT_TTL_MS, flightIdOf, hasFlight, watchFlights } from "./input-flights.js";
import type { ServeStore } from "./serve-store.js";

const log = createLogger("mcp-serve");

/** Marks a forwarded request: the instance it reaches answers it, whatever it holds. */
const FORWARDED_HEADER = "x-quiver-forwarded";
/** Hop-by-hop headers, and the length (recomputed from the body). */
const NOT_FORWARDED = new Set(["host", "connection", "keep-alive", "transfer-encoding", "content-length", "upgrade"]);

export class FlightRouter {
  readonly #store: ServeStore;
  readonly #self: string;

  /** `self`: this instance's MCP endpoint as the other instances reach it. */
  constructor(store: ServeStore, self: string) {
    this.#store = store;
    this.#self = self;
    const warn = (err: unknown): void => log.warn(`serve store: flight owner not recorded: ${String(err)}`);
    watchFlights({
      started: (id) => void this.#store.setOwner(id, self, FLIGHT_TTL_MS).catch(warn),
      ended: (id) => void this.#store.deleteOwner(id).catch(warn),
    });
  }

  /** Forwards `body` to the instance holding its flight; false when it is this one's to answer. */
  async forward(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<boolean> {
    const state = (body as { params?: { requestState?: unknown } } | undefined)?.params?.requestState;
    if (typeof state !== "string" || req.headers[FORWARDED_HEADER] !== undefined) return false;
    const flight = flightIdOf(state);
    if (hasFlight(flight)) return false;
    const owner = await this.#store.getOwner(flight).catch(() => undefined);
    if (owner === undefined || owner === this.#self) return false;
    const payload = Buffer.from(JSON.stringify(body));
    const headers: Record<string, string | string[]> = { [FORWARDED_HEADER]: "1", "content-length": String(payload.length), host: new URL(owner).host };
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !NOT_FORWARDED.has(name)) headers[name] = value;
    return new Promise<boolean>((resolve) => {
      const upstream = request(owner, { method: "POST", headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.once("end", () => resolve(true));
        answer.once("error", () => resolve(true));
      });
      // The owner is gone: answer here, which says the flight is unknown (call the tool again).
      upstream.once("error", (err) => {
        log.warn(`flight ${flight}: its instance ${owner} cannot be reached (${err.message}); answering here`);
        resolve(res.headersSent);
      });
      res.once("close", () => upstream.destroy());
      upstream.end(payload);
    });
  }

  close(): void {
    watchFlights(undefined);
  }
}
