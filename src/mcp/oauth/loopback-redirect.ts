/**
 * The redirect target of an interactive sign-in: an HTTP listener on 127.0.0.1 (never a wildcard
 * address) that takes exactly one authorization response for the expected `state`.
 */
import { createServer } from "node:http";
import type { Server } from "node:http";

export interface AuthorizationResponse {
  code: string;
  /** RFC 9207 `iss`, when the server sends it. */
  iss?: string;
}

export interface LoopbackRedirect {
  /** `http://127.0.0.1:<port>/callback`. */
  readonly url: string;
  /** Settles with the first response carrying the expected state (or its error). */
  readonly response: Promise<AuthorizationResponse>;
  /** Checks a pasted redirect URL the same way, settling `response`. */
  accept(redirectUrl: string): void;
  close(): Promise<void>;
}

const CALLBACK_PATH = "/callback";

/** Listens on `port` (0: any free port). */
export async function startLoopbackRedirect(expectedState: () => string | undefined, port = 0): Promise<LoopbackRedirect> {
  let settle: { resolve: (r: AuthorizationResponse) => void; reject: (e: Error) => void } | undefined;
  const response = new Promise<AuthorizationResponse>((resolve, reject) => (settle = { resolve, reject }));
  response.catch(() => {}); // observed by the caller; not an unhandled rejection if it never looks
  const take = (url: URL): string | undefined => {
    const outcome = parseResponse(url, expectedState());
    if (typeof outcome === "string") return outcome;
    if ("error" in outcome) settle?.reject(new Error(outcome.error));
    else settle?.resolve(outcome);
    return undefined;
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method !== "GET" || url.pathname !== CALLBACK_PATH) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found\n");
      return;
    }
    const problem = take(url);
    res.writeHead(problem === undefined ? 200 : 400, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(page(problem ?? "Signed in. You can close this tab and return to quiver."));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const bound = typeof address === "object" && address !== null ? address.port : port;
  return {
    url: `http://127.0.0.1:${bound}${CALLBACK_PATH}`,
    response,
    accept: (pasted) => {
      let url: URL;
      try {
        url = new URL(pasted.trim());
      } catch {
        throw new Error("that is not a URL: paste the whole address the browser ended on (it starts with http://127.0.0.1)");
      }
      const problem = take(url);
      if (problem !== undefined) throw new Error(problem);
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** The code, an `{ error }` from the server, or (string) why this URL is not the response we wait for. */
function parseResponse(url: URL, state: string | undefined): AuthorizationResponse | { error: string } | string {
  const params = url.searchParams;
  if (state === undefined || params.get("state") !== state) return "This sign-in response does not belong to the sign-in quiver started (state mismatch); start again with quiver mcp login.";
  const error = params.get("error");
  if (error !== null) {
    const description = params.get("error_description");
    return { error: `the authorization server refused: ${error}${description !== null ? ` (${description})` : ""}` };
  }
  const code = params.get("code");
  if (code === null || code === "") return "The sign-in response has no authorization code.";
  const iss = params.get("iss");
  return iss !== null ? { code, iss } : { code };
}

function page(message: string): string {
  const text = message.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><meta charset="utf-8"><title>quiver</title><p>${text}</p>\n`;
}
