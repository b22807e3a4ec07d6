/**
 * Signing in to an OAuth-protected MCP server with the built CLI, against a real authorization
 * server on 127.0.0.1 (test/helpers/oauth-mcp-server.ts): a 401 reported as "needs sign-in" with
 * the command, `quiver mcp login` through the loopback redirect (BROWSER = a script that fetches
 * the URL) and through the pasted redirect URL, token file modes, no token in any output,
 * refresh before expiry and on a 401 without a new sign-in, and logout.
 */
import { spawn } from "node:child_process";
import { appendFileSync, readFileSync, readdirSync, statSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { assertBuilt, CLI, cliEnv, runCli, tempHome, waitFor } from "../helpers/cli.js";
import { startOAuthMcpServer } from "../helpers/oauth-mcp-server.js";
import type { OAuthMcpServer } from "../helpers/oauth-mcp-server.js";

const FETCH_BROWSER = join(import.meta.dirname, "..", "conformance", "fetch-browser.mjs");

let server: OAuthMcpServer;
let home: { home: string; cleanup: () => void };
let browserLog: string;

beforeAll(() => assertBuilt());

async function setUp(expiresInS?: number): Promise<void> {
  server = await startOAuthMcpServer(expiresInS !== undefined ? { expiresInS } : {});
  home = tempHome("quiver-oauth-");
  browserLog = join(home.home, "browser.log");
  writeFileSync(join(home.home, "config.yaml"), `mcp:\n  servers:\n    secure:\n      url: ${server.url}\n      connectTimeout: 20\n`);
}

afterEach(async () => {
  await server?.close();
  home?.cleanup();
});

function env(browser: string | undefined = FETCH_BROWSER): NodeJS.ProcessEnv {
  return cliEnv({ HOME: home.home, QUIVER_HOME: home.home, BROWSER: browser, QUIVER_TEST_BROWSER_LOG: browserLog, DISPLAY: undefined });
}

function tokenFiles(): string[] {
  const dir = join(home.home, "mcp-auth");
  return existsSync(dir) ? readdirSync(dir).map((n) => join(dir, n)) : [];
}

function storedAccessToken(): string {
  const record = JSON.parse(readFileSync(tokenFiles()[0] as string, "utf8")) as { current: string; entries: Record<string, { tokens: { access_token: string } }> };
  return record.entries[record.current]?.tokens.access_token as string;
}

function browserVisits(): string[] {
  return existsSync(browserLog) ? readFileSync(browserLog, "utf8").split("\n").filter((l) => l !== "") : [];
}

/** Every file under QUIVER_HOME except the token store, as text. */
function everythingLoggedUnder(dir: string): string {
  let text = "";
  for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const path = join(dir, entry);
    if (entry.startsWith("mcp-auth") || !statSync(path).isFile()) continue;
    text += readFileSync(path, "utf8");
  }
  return text;
}

describe("quiver mcp login: OAuth sign-in", () => {
  beforeEach(async () => setUp());

  it("a server that answers 401 needs sign-in, says so with the command, and is not mistaken for a legacy SSE server", async () => {
    const list = await runCli(["mcp", "list", "--wait", "10"], env());
    expect(list.code).toBe(1);
    expect(list.stdout).toContain("secure: needs sign-in: run `quiver mcp login secure`");
    expect(`${list.stdout}${list.stderr}`).not.toMatch(/SSE error|Non-200/);
    const json = JSON.parse((await runCli(["mcp", "list", "--json", "--wait", "10"], env())).stdout) as { servers: Array<{ auth?: { needsSignIn: boolean }; error?: string }> };
    expect(json.servers[0]?.auth?.needsSignIn).toBe(true);
    expect(json.servers[0]?.error).toContain("needs sign-in (not signed in): run `quiver mcp login secure`");
    const doctor = JSON.parse((await runCli(["doctor", "--json", "--base-url", "http://127.0.0.1:9/v1"], env())).stdout) as { checks: Array<{ check: string; detail?: string; fix?: string }> };
    const check = doctor.checks.find((r) => r.check === "mcp secure");
    expect(check?.fix).toBe("Sign in: quiver mcp login secure");
    expect(browserVisits()).toEqual([]); // no browser opened unasked
  });

  it("logs in through the loopback redirect (PKCE S256, resource indicator), stores the token 0600 in a 0700 directory, never prints it, and logout removes it", async () => {
    const login = await runCli(["mcp", "login", "secure", "--debug"], env());
    expect(login.stderr).toContain("Open this URL to sign in:");
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toMatch(/Signed in to MCP server "secure" at http:\/\/127\.0\.0\.1:\d+\/ \(scope: mcp\), token expires \S+ \(refreshed automatically\)/);
    const visit = new URL(browserVisits()[0] as string);
    expect(visit.searchParams.get("code_challenge_method")).toBe("S256");
    expect(visit.searchParams.get("resource")).toBe(server.url);
    expect(new URL(visit.searchParams.get("redirect_uri") as string).hostname).toBe("127.0.0.1");
    expect(server.grants).toEqual(["authorization_code"]);

    const files = tokenFiles();
    expect(files).toHaveLength(1);
    expect(statSync(files[0] as string).mode & 0o777).toBe(0o600);
    expect(statSync(join(home.home, "mcp-auth")).mode & 0o777).toBe(0o700);
    const token = storedAccessToken();
    expect(token).toMatch(/^at-/);

    const list = await runCli(["mcp", "list", "--debug"], env());
    expect(list.code, list.stdout + list.stderr).toBe(0);
    expect(list.stdout).toMatch(/secure\s+http\s+connected\s+1/);
    expect(list.stdout).toMatch(/secure: signed in at http:\/\/127\.0\.0\.1:\d+\/ \(scope: mcp\), token expires/);
    expect(server.accepted).toContain(token);
    for (const output of [login.stdout, login.stderr, list.stdout, list.stderr, everythingLoggedUnder(home.home)]) expect(output).not.toContain(token);

    const logout = await runCli(["mcp", "logout", "secure"], env());
    expect(logout.stdout).toContain('Signed out of MCP server "secure": its tokens are removed.');
    expect(tokenFiles()).toEqual([]);
    const after = await runCli(["mcp", "list", "--wait", "10"], env());
    expect(after.stdout).toContain("needs sign-in: run `quiver mcp login secure`");
  });

  it("on a machine without a browser, takes the redirect URL pasted on stdin", async () => {
    // A "browser" that only records the URL: the user opens it elsewhere and pastes where it ended.
    const recorder = join(home.home, "record-browser.sh");
    writeFileSync(recorder, `#!/bin/sh\necho "$1" >> "${browserLog}"\n`, { mode: 0o755 });
    const child = spawn(process.execPath, [CLI, "mcp", "login", "secure"], { env: env(recorder), stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    const done = new Promise<number | null>((resolve) => child.once("close", resolve));
    await waitFor(() => browserVisits().length > 0 && stderr.includes("paste the whole URL"), () => `the sign-in URL (stderr: ${stderr})`);
    const authorize = await fetch(browserVisits()[0] as string, { redirect: "manual" });
    const landing = authorize.headers.get("location") as string;
    expect(new URL(landing).searchParams.get("code")).not.toBeNull();
    child.stdin.write("not a url\n");
    child.stdin.write(`${landing}\n`);
    expect(await done, stderr).toBe(0);
    expect(stderr).toContain("that is not a URL");
    expect(stdout).toContain('Signed in to MCP server "secure"');
    expect(storedAccessToken()).toMatch(/^at-/);
    child.stdin.destroy();
  });

  it("refreshes on a 401 without a new sign-in", async () => {
    expect((await runCli(["mcp", "login", "secure"], env())).code).toBe(0);
    const before = storedAccessToken();
    server.revokeAccessTokens();
    appendFileSync(browserLog, ""); // visits so far: one
    const list = await runCli(["mcp", "list"], env("/bin/false"));
    expect(list.code, list.stdout).toBe(0);
    expect(server.grants).toEqual(["authorization_code", "refresh_token"]);
    expect(browserVisits()).toHaveLength(1);
    expect(storedAccessToken()).not.toBe(before);
  });
});

describe("quiver mcp login: tokens about to expire", () => {
  // 4 s tokens: quiver refreshes one in its second half (the margin is 60 s or half the lifetime).
  beforeEach(async () => setUp(4));

  it("refreshes before expiry, with no browser", async () => {
    expect((await runCli(["mcp", "login", "secure"], env())).code).toBe(0);
    expect(server.grants).toEqual(["authorization_code"]); // a fresh token is not refreshed at once
    const before = storedAccessToken();
    const acceptedAtLogin = server.accepted.length;
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    const list = await runCli(["mcp", "list"], env("/bin/false"));
    expect(list.code, list.stdout).toBe(0);
    expect(server.grants).toEqual(["authorization_code", "refresh_token"]);
    const sentSince = server.accepted.slice(acceptedAtLogin);
    expect(sentSince.length).toBeGreaterThan(0);
    expect(sentSince).not.toContain(before); // refreshed before sending, not after a 401
    expect(browserVisits()).toHaveLength(1);
  });
});
