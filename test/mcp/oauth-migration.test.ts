/**
 * SEP-2352: a resource whose protected-resource metadata moves to another authorization server.
 * The first token (from as1) works; after the move the server refuses it, and quiver reads the
 * metadata again, registers a new client with as2 and signs in there, never showing as2 the
 * client or tokens it had from as1. Real 2.x SDK MCP server behind test/helpers/mini-oauth-server.ts.
 */
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { handleFunctionCall } from "../../src/calls/model-tools.js";
import { createMcpManager } from "../../src/mcp/client.js";
import type { McpManager } from "../../src/mcp/manager.js";
import { startMiniOAuthServer } from "../helpers/mini-oauth-server.js";
import { parse } from "./support.js";

const FETCH_BROWSER = join(import.meta.dirname, "..", "conformance", "fetch-browser.mjs");
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function signedIn(url: string): Promise<McpManager> {
  const said: string[] = [];
  const signIn = { say: (line: string) => void said.push(line), env: { ...process.env, BROWSER: FETCH_BROWSER } };
  const manager = await createMcpManager({ secure: { url, connectTimeout: 20 } }, { signIn, backoff: { initialMs: 60_000, maxMs: 60_000 } });
  cleanups.push(() => manager.close());
  await manager.start();
  expect(manager.status()[0]).toMatchObject({ state: "connected" });
  return manager;
}

describe("an authorization server migration (SEP-2352)", () => {
  test("after the move quiver re-registers with the new server and never reuses the old client there", async () => {
    const server = await startMiniOAuthServer();
    cleanups.push(() => server.close());
    await signedIn(server.url);
    expect(parse(await handleFunctionCall("mcp__secure__whoami", {})).result).toBe("you are signed in");

    server.migrate();
    expect(parse(await handleFunctionCall("mcp__secure__whoami", {})).result).toBe("you are signed in");
    expect(server.registrations.map((r) => r.issuer)).toEqual(["as1", "as2"]);
    const as1Client = server.registrations[0]!.clientId;
    const atAs2 = server.tokenRequests.filter((t) => t.issuer === "as2");
    expect(atAs2.length).toBeGreaterThan(0);
    for (const request of atAs2) expect(request.clientId).not.toBe(as1Client);
  });
});
