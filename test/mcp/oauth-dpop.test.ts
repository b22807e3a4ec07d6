/**
 * DPoP (RFC 9449, SEP-1932) against a real 2.x SDK MCP server behind a hand-rolled authorization
 * server that checks every proof (test/helpers/mini-oauth-server.ts): a resource that challenges
 * with the DPoP scheme gets a DPoP-bound token (valid proof at the token endpoint) presented as
 * `Authorization: DPoP` with a fresh proof per request; `use_dpop_nonce` from either server is
 * answered with its nonce; the key is kept like the tokens (0600) and reused after a restart;
 * no token or key material reaches the log. A Bearer server is spoken to with Bearer tokens.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { handleFunctionCall } from "../../src/calls/model-tools.js";
import { createMcpManager } from "../../src/mcp/client.js";
import type { McpManager } from "../../src/mcp/manager.js";
import { addLogSink, quiverPath } from "../../src/registry/index.js";
import type { LogRecord } from "../../src/registry/index.js";
import { startMiniOAuthServer } from "../helpers/mini-oauth-server.js";
import type { MiniOAuthOptions } from "../helpers/mini-oauth-server.js";
import { parse } from "./support.js";

const FETCH_BROWSER = join(import.meta.dirname, "..", "conformance", "fetch-browser.mjs");
const cleanups: Array<() => Promise<void> | void> = [];
const records: LogRecord[] = [];

beforeEach(() => {
  records.length = 0;
  cleanups.push(addLogSink((r) => void records.push(r)));
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serverWith(opts: MiniOAuthOptions) {
  const server = await startMiniOAuthServer(opts);
  cleanups.push(() => server.close());
  return server;
}

async function connect(url: string, oauth?: Record<string, unknown>): Promise<McpManager> {
  const signIn = { say: () => {}, env: { ...process.env, BROWSER: FETCH_BROWSER } };
  const manager = await createMcpManager({ secure: { url, connectTimeout: 20, ...(oauth && { oauth }) } }, { signIn, backoff: { initialMs: 60_000, maxMs: 60_000 } });
  cleanups.push(() => manager.close());
  await manager.start();
  expect(manager.status()[0]).toMatchObject({ state: "connected" });
  return manager;
}

interface AuthRecord {
  resource: string;
  dpopKey?: { alg: string; jwk: Record<string, string> };
  entries: Record<string, { tokens?: { access_token: string; token_type: string } }>;
}

/** The token store's file for the server at `url` (one file per resource). */
function authFile(url: string): { mode: number; record: AuthRecord } {
  const dir = quiverPath("mcp-auth");
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".json"))) {
    const record = JSON.parse(readFileSync(join(dir, name), "utf8")) as AuthRecord;
    if (record.resource === url) return { mode: statSync(join(dir, name)).mode & 0o777, record };
  }
  throw new Error(`no token file for ${url}`);
}

describe("DPoP-bound tokens", () => {
  test("a resource that challenges with DPoP gets a bound token, presented with a fresh proof on every request", async () => {
    const server = await serverWith({ dpop: true });
    await connect(server.url);
    expect(parse(await handleFunctionCall("mcp__secure__whoami", {})).result).toBe("you are signed in");
    expect(parse(await handleFunctionCall("mcp__secure__whoami", {})).result).toBe("you are signed in");

    expect(server.tokenRequests).toEqual([expect.objectContaining({ grant: "authorization_code", proof: "ok", tokenType: "DPoP" })]);
    expect(server.mcpRequests.length).toBeGreaterThan(2);
    for (const request of server.mcpRequests) expect(request).toEqual({ scheme: "DPoP", proof: "ok" });

    const { mode, record } = authFile(server.url);
    expect(mode).toBe(0o600);
    expect(record.dpopKey).toMatchObject({ alg: "ES256", jwk: { kty: "EC", crv: "P-256", d: expect.any(String) } });
    const secrets = [record.dpopKey!.jwk.d!, ...Object.values(record.entries).map((e) => e.tokens!.access_token)];
    const logged = JSON.stringify(records);
    for (const secret of secrets) expect(logged).not.toContain(secret);
  });

  test("use_dpop_nonce from the authorization server and from the resource are each answered with the nonce", async () => {
    const server = await serverWith({ dpop: true, nonce: true });
    await connect(server.url);
    expect(parse(await handleFunctionCall("mcp__secure__whoami", {})).result).toBe("you are signed in");
    expect(server.tokenRequests.map((t) => t.proof)).toEqual(["use_dpop_nonce", "ok"]);
    expect(server.mcpRequests[0]?.proof).toBe("use_dpop_nonce");
    expect(server.mcpRequests.filter((r) => r.proof === "ok").length).toBeGreaterThan(1);
    expect(server.mcpRequests.filter((r) => r.proof !== "ok" && r.proof !== "use_dpop_nonce")).toEqual([]);
  });

  test("after a restart the stored key and bound token are used again, without a new sign-in", async () => {
    const server = await serverWith({ dpop: true });
    const first = await connect(server.url);
    const key = authFile(server.url).record.dpopKey;
    await first.close();
    await connect(server.url);
    expect(parse(await handleFunctionCall("mcp__secure__whoami", {})).result).toBe("you are signed in");
    expect(server.tokenRequests).toHaveLength(1);
    expect(authFile(server.url).record.dpopKey).toEqual(key);
    expect(server.mcpRequests.every((r) => r.proof === "ok")).toBe(true);
  });

  for (const [label, opts, oauth] of [
    ["a Bearer server is never sent proofs", {}, undefined],
    ["oauth.dpop: false keeps Bearer tokens even when the server asks for DPoP", { dpop: true }, { dpop: false }],
  ] as const) {
    test(label, async () => {
      const server = await serverWith(opts);
      await connect(server.url, oauth);
      expect(parse(await handleFunctionCall("mcp__secure__whoami", {})).result).toBe("you are signed in");
      expect(server.tokenRequests).toEqual([expect.objectContaining({ tokenType: "Bearer" })]);
      expect(server.tokenRequests[0]).not.toHaveProperty("proof");
      expect(server.mcpRequests).toEqual([]);
      expect(authFile(server.url).record.dpopKey).toBeUndefined();
    });
  }
});
