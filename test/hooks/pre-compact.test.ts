/**
 * PreCompact through the built CLI (the REPL's /compact, a scripted model): the hook gets the
 * trigger and the focus before the summary is asked for, and a hook that blocks skips it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useCliSandbox } from "../helpers/cli.js";
import { useTempDir } from "../helpers/lifecycle.js";
import { text } from "../helpers/scripted-openai-server.js";
import { isSummaryRequest, windowedModel } from "../helpers/windowed-model.js";
import { hookEntry, nodeHook, writeConfig } from "./support.js";

const cli = useCliSandbox({ homePrefix: "quiver-precompact-home-", apiKey: "sk-precompact-test-0123456789" });
const work = useTempDir("quiver-precompact-work-", {});
const input = "Turn 1. FACT: the vault is at pier 9.\nTurn 2. Noted?\n/compact the vault\n";

describe("PreCompact", () => {
  it("fires before the summary request with trigger manual and the focus", async () => {
    const log = join(work.path, "precompact.log");
    const hook = nodeHook(work.path, "log", `fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(input) + "\\n");`);
    writeConfig(cli.home, { hooks: { PreCompact: [hookEntry(undefined, hook)] } });
    const model = windowedModel(100_000, () => text("noted"));
    const server = await cli.startServer({ replies: Array.from({ length: 10 }, () => model.reply) });
    const r = await cli.run(["chat", "--no-mcp"], { input, cwd: work.path });
    expect(r.code, r.stderr).toBe(0);
    expect(server.chatRequests.filter(isSummaryRequest)).toHaveLength(1);
    const fired = readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ hook_event_name: "PreCompact", trigger: "manual", custom_instructions: "the vault" });
  });

  it("a hook that blocks (exit 2) skips the compaction: no summary is asked for", async () => {
    const hook = nodeHook(work.path, "block", `process.stderr.write("keep everything"); process.exit(2);`);
    writeConfig(cli.home, { hooks: { PreCompact: [hookEntry(undefined, hook)] } });
    const model = windowedModel(100_000, () => text("noted"));
    const server = await cli.startServer({ replies: Array.from({ length: 10 }, () => model.reply) });
    const r = await cli.run(["chat", "--no-mcp"], { input, cwd: work.path });
    expect(r.code, r.stderr).toBe(0);
    expect(server.chatRequests.filter(isSummaryRequest)).toHaveLength(0);
    expect(`${r.stdout}${r.stderr}`).toMatch(/PreCompact hook blocked/);
  });
});
