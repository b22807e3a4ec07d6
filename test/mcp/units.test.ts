/** The pure parts of the MCP layer: naming, config validation, backoff, result conversion. */
import { describe, expect, test } from "vitest";
import { backoffDelay } from "../../src/mcp/backoff.js";
import { parseMcpServers } from "../../src/mcp/config.js";
import { mcpToolName, mcpToolsetName } from "../../src/mcp/names.js";
import { fromMcpResult, toMcpResult } from "../../src/mcp/results.js";

describe("names", () => {
  test("mcp__<server>__<tool>, with everything outside [A-Za-z0-9_] replaced by _", () => {
    expect(mcpToolName("everything", "echo")).toBe("mcp__everything__echo");
    expect(mcpToolName("my-server.v2", "get-tiny image")).toBe("mcp__my_server_v2__get_tiny_image");
    expect(mcpToolsetName("github")).toBe("mcp-github");
  });

  test("names over 64 chars are cut and get a stable hash that tells similar names apart", () => {
    const a = mcpToolName("server", "a".repeat(80));
    const b = mcpToolName("server", `${"a".repeat(79)}b`);
    expect(a).toHaveLength(64);
    expect(b).toHaveLength(64);
    expect(a).not.toBe(b);
    expect(mcpToolName("server", "a".repeat(80))).toBe(a);
    expect(a).toMatch(/^mcp__server__a+_[0-9a-f]{8}$/);
  });
});

describe("config", () => {
  test("stdio and http entries get defaults: timeout 300 s, connectTimeout 60 s, enabled", () => {
    const { servers, errors } = parseMcpServers({
      local: { command: "npx", args: ["-y", "pkg", 3], env: { DEBUG: 1 }, cwd: "/tmp", include: "read_*", roots: ["/srv/data"] },
      remote: { url: "https://example.com/mcp", headers: { Authorization: "Bearer x" }, timeout: 10, connectTimeout: 2.5, enabled: false, trust: true },
    });
    expect(errors).toEqual([]);
    expect(servers).toEqual([
      {
        name: "local",
        transport: "stdio",
        command: "npx",
        args: ["-y", "pkg", "3"],
        env: { DEBUG: "1" },
        cwd: "/tmp",
        include: ["read_*"],
        timeoutMs: 300_000,
        connectTimeoutMs: 60_000,
        enabled: true,
        trust: false,
        sandbox: false,
        roots: ["/srv/data"],
      },
      {
        name: "remote",
        transport: "http",
        url: "https://example.com/mcp",
        headers: { Authorization: "Bearer x" },
        timeoutMs: 10_000,
        connectTimeoutMs: 2_500,
        enabled: false,
        trust: true,
      },
    ]);
  });

  test("each bad entry is reported by name, with what is wrong; good ones still parse", () => {
    const { servers, errors } = parseMcpServers({
      ok: { command: "srv" },
      both: { command: "a", url: "http://x" },
      neither: { args: [] },
      typo: { command: "a", timout: 5 },
      badUrl: { url: "ftp://example.com" },
      negative: { command: "a", timeout: -1 },
      mismatch: { type: "stdio", url: "http://localhost:1/mcp" },
      scalar: "npx server",
    });
    expect(servers.map((s) => s.name)).toEqual(["ok"]);
    const byName = Object.fromEntries(errors.map((e) => [e.name, e.message]));
    expect(byName.both).toMatch(/exactly one of "command".*"url"/);
    expect(byName.neither).toMatch(/exactly one of/);
    expect(byName.typo).toMatch(/timout/);
    expect(byName.badUrl).toMatch(/mcp\.servers\.badUrl is invalid/);
    expect(byName.negative).toMatch(/timeout/);
    expect(byName.mismatch).toMatch(/type "stdio"/);
    expect(byName.scalar).toMatch(/must be a mapping/);
  });

  test("${VAR} in env and headers is filled from quiver's environment; an unset one is an error", () => {
    process.env.QUIVER_TEST_SECRET = "s3cret";
    try {
      const { servers, errors } = parseMcpServers({
        local: { command: "srv", env: { TOKEN: "${QUIVER_TEST_SECRET}", PLAIN: "a$b" } },
        remote: { url: "http://127.0.0.1:1/mcp", headers: { Authorization: "Bearer ${QUIVER_TEST_SECRET}" } },
        missing: { command: "srv", env: { TOKEN: "${QUIVER_TEST_UNSET_VAR}" } },
      });
      expect(servers[0]).toMatchObject({ env: { TOKEN: "s3cret", PLAIN: "a$b" } });
      expect(servers[1]).toMatchObject({ headers: { Authorization: "Bearer s3cret" } });
      expect(errors).toEqual([{ name: "missing", message: expect.stringMatching(/env\.TOKEN uses \$\{QUIVER_TEST_UNSET_VAR\}, which is not set/) }]);
    } finally {
      delete process.env.QUIVER_TEST_SECRET;
    }
  });

  test("keys left empty in YAML (null) count as unset", () => {
    const { servers, errors } = parseMcpServers({ s: { command: "srv", args: null, cwd: null } });
    expect(errors).toEqual([]);
    expect(servers[0]).toMatchObject({ command: "srv", args: [] });
  });
});

describe("backoff", () => {
  test("grows exponentially up to the cap, jittered between half and all of the step", () => {
    const opts = { initialMs: 100, maxMs: 1_000 };
    expect(backoffDelay(0, opts, () => 0)).toBe(50);
    expect(backoffDelay(0, opts, () => 1)).toBe(100);
    expect(backoffDelay(3, opts, () => 1)).toBe(800);
    expect(backoffDelay(10, opts, () => 1)).toBe(1_000);
    expect(backoffDelay(10, opts, () => 0)).toBe(500);
    expect(backoffDelay(1_000, opts, () => 0.5)).toBe(750);
  });
});

describe("results", () => {
  test("MCP → quiver: text joined, isError to {error}, resources summarised", () => {
    expect(
      JSON.parse(
        fromMcpResult({
          content: [
            { type: "text", text: "one" },
            { type: "text", text: "two" },
            { type: "resource", resource: { uri: "file:///a.txt", text: "inline" } },
          ],
        }) as string,
      ),
    ).toEqual({ result: "one\ntwo\ninline" });
    // A link is not text: the result becomes the envelope, the link in MCP's shape, and the summary names it.
    expect(fromMcpResult({ content: [{ type: "text", text: "see" }, { type: "resource_link", uri: "file:///b", name: "b" }] })).toEqual({
      _multimodal: true,
      content: [
        { type: "text", text: "see" },
        { type: "resource_link", uri: "file:///b", name: "b" },
      ],
      text_summary: "see\n[resource link: b <file:///b>]",
    });
    expect(JSON.parse(fromMcpResult({ content: [{ type: "text", text: "boom" }], isError: true }) as string)).toEqual({ error: "boom" });
    expect(JSON.parse(fromMcpResult({ content: [], isError: true }) as string).error).toMatch(/without a message/);
  });

  test("quiver → MCP: {error} results are flagged isError, envelopes become image blocks", () => {
    expect(toMcpResult('{"error":"nope"}')).toEqual({ content: [{ type: "text", text: '{"error":"nope"}' }], isError: true });
    expect(toMcpResult('{"errors":[]}').isError).toBeUndefined();
    expect(toMcpResult("plain")).toEqual({ content: [{ type: "text", text: "plain" }] });
    expect(
      toMcpResult({
        _multimodal: true,
        content: [
          { type: "text", text: "look" },
          { type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } },
        ],
      }),
    ).toEqual({
      content: [
        { type: "text", text: "look" },
        { type: "image", mimeType: "image/png", data: "AAAA" },
      ],
    });
  });
});
