/**
 * Workload identity federation (SEP-1933, RFC 7523): `oauth.workloadIdentity` trades the
 * workload's own JWT (here from a file, read for every request) for the server's token with the
 * JWT-bearer grant: no browser, no registration. A refused token is reported as is, sent once
 * (the SDK's retry never repeats it) and no other grant is tried. Real 2.x SDK MCP server behind
 * test/helpers/mini-oauth-server.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { handleFunctionCall } from "../../src/calls/model-tools.js";
import { createMcpManager } from "../../src/mcp/client.js";
import type { McpManager } from "../../src/mcp/manager.js";
import { startMiniOAuthServer } from "../helpers/mini-oauth-server.js";
import { parse } from "./support.js";

const JWT = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ3b3JrbG9hZCJ9.c2ln";
const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function workload(token: string): Promise<{ server: Awaited<ReturnType<typeof startMiniOAuthServer>>; manager: McpManager }> {
  const server = await startMiniOAuthServer({ workloadToken: JWT });
  cleanups.push(() => server.close());
  const dir = mkdtempSync(join(tmpdir(), "quiver-wif-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const tokenFile = join(dir, "token");
  writeFileSync(tokenFile, `${token}\n`);
  const oauth = { clientId: "workload-1", workloadIdentity: { tokenFile } };
  const manager = await createMcpManager({ secure: { url: server.url, connectTimeout: 20, oauth } }, { backoff: { initialMs: 60_000, maxMs: 60_000 } });
  cleanups.push(() => manager.close());
  await manager.start();
  return { server, manager };
}

describe("workload identity (JWT-bearer grant)", () => {
  test("the workload's token is traded for an access token without a browser or a registration", async () => {
    const { server, manager } = await workload(JWT);
    expect(manager.status()[0]).toMatchObject({ state: "connected", auth: { signedIn: true, unattended: true } });
    expect(parse(await handleFunctionCall("mcp__secure__whoami", {})).result).toBe("you are signed in");
    expect(server.registrations).toEqual([]);
    expect(server.tokenRequests).toEqual([expect.objectContaining({ grant: "urn:ietf:params:oauth:grant-type:jwt-bearer", clientId: "workload-1", assertion: JWT, tokenType: "Bearer" })]);
  });

  test("a refused token is reported, sent once, and no other grant is tried", async () => {
    const { server, manager } = await workload("eyJ.expired.token");
    const [status] = manager.status();
    expect(status?.state).not.toBe("connected");
    expect(status?.error).toMatch(/refused this workload identity token/);
    expect(server.tokenRequests).toHaveLength(1);
    expect(server.tokenRequests[0]).toMatchObject({ grant: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion: "eyJ.expired.token" });
  });
});
