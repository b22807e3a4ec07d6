/**
 * Fault: a client of `quiver serve` sends a catastrophic regex to search_files. The server
 * must keep answering the other calls while that search runs (it used to freeze every client
 * for the whole match), and the search itself must come back with the "too slow" error.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeAll, expect, it } from "vitest";
import { REGEX_BUDGET_MS } from "../../src/tools/regex-worker-pool.js";
import { assertBuilt, CLI, tempHome } from "../helpers/cli.js";

const cleanups: Array<() => void | Promise<void>> = [];
beforeAll(() => assertBuilt());
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function textOf(result: unknown): string {
  return ((result as CallToolResult).content[0] as { text: string }).text;
}

it("quiver serve answers other calls while a catastrophic search runs, then reports it too slow", async () => {
  const { home, cleanup } = tempHome("quiver-fault-regex-");
  cleanups.push(cleanup);
  // The files lie outside $QUIVER_HOME: reading or searching inside it is a protected read (it asks).
  const { home: work, cleanup: cleanupWork } = tempHome("quiver-fault-regex-work-");
  cleanups.push(cleanupWork);
  writeFileSync(join(work, "evil.txt"), `${"a".repeat(40)}!\n`);
  writeFileSync(join(work, "notes.txt"), "alpha\n");
  const client = new Client({ name: "fault-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [CLI, "serve", "--no-mcp"], env: { ...getDefaultEnvironment(), QUIVER_HOME: home }, stderr: "pipe" }),
  );
  cleanups.push(() => client.close());

  const search = client.callTool({ name: "search_files", arguments: { pattern: "(a+)+$", path: join(work, "evil.txt") } }, undefined, { timeout: 60_000 });
  let searchDone = false;
  void search.finally(() => (searchDone = true));
  const latencies: number[] = [];
  // Calls made while the search is still running must each answer quickly (a frozen server
  // would not answer the first one before the search ends).
  for (let i = 0; i < 5 && !searchDone; i++) {
    const started = Date.now();
    const read = await client.callTool({ name: "read_file", arguments: { path: join(work, "notes.txt") } });
    if (!searchDone) latencies.push(Date.now() - started);
    expect(textOf(read)).toMatch(/1\|alpha/);
    await new Promise((r) => setTimeout(r, 150));
  }
  expect(latencies.length).toBeGreaterThanOrEqual(1);
  expect(Math.max(...latencies)).toBeLessThan(REGEX_BUDGET_MS / 2);

  const result = (await search) as CallToolResult;
  expect(result.isError).toBe(true);
  expect(textOf(result)).toMatch(/too slow/);
});
