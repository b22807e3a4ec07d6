import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, cliEnv, runCli } from "../helpers/cli.js";

let home: string;

function write(id: string, messages: unknown[], mtime: Date): void {
  const path = join(home, "sessions", `${id}.jsonl`);
  writeFileSync(path, messages.map((m) => `${JSON.stringify(m)}\n`).join(""));
  utimesSync(path, mtime, mtime);
}

beforeAll(() => {
  assertBuilt();
  home = mkdtempSync(join(tmpdir(), "quiver-sessions-cli-"));
  mkdirSync(join(home, "sessions"));
  write(
    "20250101-090000-aaaa",
    [
      { role: "user", content: "summarise the README please" },
      { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "read_file", arguments: '{"path":"README.md"}' } }] },
      { role: "tool", tool_call_id: "c1", content: "1|# quiver" },
      { role: "assistant", content: "It is about quiver." },
    ],
    new Date(2025, 0, 1, 9, 5),
  );
  write("20250102-100000-bbbb", [{ role: "user", content: "second session" }], new Date(2025, 0, 2, 10, 1));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

const env = (): NodeJS.ProcessEnv => cliEnv({ QUIVER_HOME: home });

describe("quiver sessions", () => {
  it("lists sessions newest first with id, time, message count and first prompt", async () => {
    const result = await runCli(["sessions"], env());
    expect(result.code).toBe(0);
    const lines = result.stdout.split("\n");
    expect(lines[0]).toMatch(/^ID\s+UPDATED\s+MSGS\s+DIRECTORY\s+FIRST PROMPT$/);
    // Saved before sessions recorded their directory: "?".
    expect(lines[1]).toMatch(/^20250102-100000-bbbb\s+2025-01-02 10:01\s+1\s+\?\s+second session$/);
    expect(lines[2]).toMatch(/^20250101-090000-aaaa\s+2025-01-01 09:05\s+4\s+\?\s+summarise the README please$/);
    expect(result.stdout).toContain("quiver chat --resume <id>");
  });

  it("--json gives the same as data", async () => {
    const result = await runCli(["sessions", "--json", "-n", "1"], env());
    expect(JSON.parse(result.stdout)).toEqual([
      expect.objectContaining({ id: "20250102-100000-bbbb", messageCount: 1, firstPrompt: "second session", created: expect.any(String) }),
    ]);
  });

  it("prints one transcript by id prefix", async () => {
    const result = await runCli(["sessions", "20250101"], env());
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Session 20250101-090000-aaaa");
    expect(result.stdout).toContain("you › summarise the README please");
    expect(result.stdout).toContain('→ read_file {"path":"README.md"}');
    expect(result.stdout).toContain("← 1|# quiver");
    expect(result.stdout).toContain("It is about quiver.");
  });

  it("explains an unknown id with exit 2", async () => {
    const result = await runCli(["sessions", "nothing-like-it"], env());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('No session "nothing-like-it"');
  });

  it("says where sessions would be when there are none", async () => {
    const empty = mkdtempSync(join(tmpdir(), "quiver-sessions-empty-"));
    try {
      const result = await runCli(["sessions"], cliEnv({ QUIVER_HOME: empty }));
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`No saved sessions in ${join(empty, "sessions")}`);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
