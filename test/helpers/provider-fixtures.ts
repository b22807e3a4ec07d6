/**
 * Recorded provider replies (test/fixtures/providers/<provider>/<case>.sse|json|html) as replies of
 * the scripted server. Each file starts with a header comment citing its source: `:` lines in SSE
 * (comments the SSE format itself ignores, so the file is served as is), `//` lines in JSON, an
 * HTML comment in HTML.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { raw, type RawReply } from "./scripted-openai-server.js";

export const FIXTURES = resolve(import.meta.dirname, "../fixtures/providers");

/** The fixture's text, `//` header lines of JSON removed. */
export function fixtureText(path: string): string {
  const text = readFileSync(resolve(FIXTURES, path), "utf8");
  return path.endsWith(".json") ? text.replace(/^(\/\/.*\n)+/, "") : text;
}

/** The parsed JSON of a `.json` fixture. */
export function fixtureJson<T = unknown>(path: string): T {
  return JSON.parse(fixtureText(path)) as T;
}

/** A reply serving the fixture verbatim, as the provider did: SSE with 200, JSON or HTML with `status`. */
export function replay(path: string, status = 200): RawReply {
  const contentType = path.endsWith(".sse") ? "text/event-stream" : path.endsWith(".html") ? "text/html; charset=utf-8" : "application/json";
  return raw({ status, contentType, body: fixtureText(path) });
}
