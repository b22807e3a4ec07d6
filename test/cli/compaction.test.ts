/**
 * Context compaction through the real CLI (issue 23, item 1) against a scripted model that
 * enforces a small window and refuses oversized requests as OpenAI does: a 200-turn session of
 * large tool results never fails, every request keeps each tool call with its result, facts from
 * the first turns survive in the summary into the last request, the transcript keeps every
 * message, and a resumed session continues from the compacted view.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useCliSandbox } from "../helpers/cli.js";
import { text, toolCalls, type RecordedMessage, type RecordedRequest, type ScriptedReply } from "../helpers/scripted-openai-server.js";
import { isSummaryRequest, windowedModel } from "../helpers/windowed-model.js";

const cli = useCliSandbox({ homePrefix: "quiver-compaction-", apiKey: "sk-compaction-0123456789" });
const WINDOW = 16_000;
const TURNS = 200;

let project = "";
beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), "quiver-compaction-project-"));
  mkdirSync(join(project, "data"));
  for (let f = 0; f < 5; f++) {
    const lines = Array.from({ length: 120 }, (_, i) => `file ${f} line ${i}: ${"lorem ipsum dolor ".repeat(2)}`);
    writeFileSync(join(project, "data", `big-${f}.txt`), `${lines.join("\n")}\n`);
  }
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

function config(lines: string): void {
  writeFileSync(join(cli.home, "config.yaml"), lines);
}

const contentOf = (m: RecordedMessage | undefined): string => (typeof m?.content === "string" ? m.content : JSON.stringify(m?.content ?? ""));

/** The model: each "Turn n" reads a file, then says it did; the last question is answered from what the request shows. */
function answer(request: RecordedRequest): ScriptedReply {
  const messages = request.body?.messages ?? [];
  const last = messages.at(-1);
  if (last?.role === "tool") return text("Read it.");
  const asked = contentOf(last);
  if (asked.includes("What do you remember")) {
    const shown = JSON.stringify(messages);
    const code = shown.includes("PLUM-4417") ? "PLUM-4417" : "unknown";
    const name = shown.includes("HERON") ? "HERON" : "unknown";
    return text(`The launch code is ${code} and the codename is ${name}.`);
  }
  const n = Number(/Turn (\d+)/.exec(asked)?.[1] ?? "0");
  return toolCalls([{ name: "read_file", arguments: { path: `data/big-${n % 5}.txt` } }]);
}

/** Every assistant tool call is answered right after it, and no tool message answers nothing. */
function pairingProblems(messages: readonly RecordedMessage[]): string[] {
  const problems: string[] = [];
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    if (m.role === "tool") {
      problems.push(`tool message ${i} (${m.tool_call_id}) follows no call`);
      continue;
    }
    const ids = (m.tool_calls ?? []).map((c) => c.id);
    for (const id of ids) {
      const next = messages[++i];
      if (next?.role !== "tool" || next.tool_call_id !== id) problems.push(`call ${id} at ${i} is not answered next`);
    }
  }
  return problems;
}

describe("compaction in a long session", () => {
  it("200 turns of large tool results never fail; early facts survive in the summary; --resume continues compacted", { timeout: 240_000 }, async () => {
    config(`model:\n  contextWindow: ${WINDOW}\n`);
    const model = windowedModel(WINDOW, answer);
    const server = await cli.startServer({ replies: Array.from({ length: 3_000 }, () => model.reply) });
    const turns = Array.from({ length: TURNS }, (_, i) => {
      const n = i + 1;
      const fact = n === 1 ? " FACT: the launch code is PLUM-4417." : n === 2 ? " FACT: the project codename is HERON." : "";
      return `Turn ${n}.${fact} Read the next data file.`;
    });
    const input = `${[...turns, "What do you remember about the launch code and the codename?"].join("\n")}\n`;
    const result = await cli.run(["chat", "--no-mcp", "--toolsets", "file"], { input, cwd: project });

    expect(result.code, result.stderr.slice(-2000)).toBe(0);
    expect(result.stdout).not.toContain("✗");
    expect(model.refused).toBe(0);
    expect(model.largest).toBeLessThanOrEqual(WINDOW);
    expect(model.summaries).toBeGreaterThan(10);
    expect(result.stdout).toContain("The launch code is PLUM-4417 and the codename is HERON.");
    expect(result.stdout).toMatch(/⟳ compacted \d+ earlier messages into a summary \(context nearly full\)/);
    expect(result.stdout).toMatch(/ctx \d+% of 16,000/);

    const turnsRequests = server.chatRequests.filter((r) => !isSummaryRequest(r));
    for (const request of turnsRequests) expect(pairingProblems(request.body!.messages)).toEqual([]);
    // The last request no longer carries the first turns, only the marked summary that states their facts.
    const lastRequest = JSON.stringify(turnsRequests.at(-1)!.body!.messages);
    expect(lastRequest).not.toContain("Turn 1.");
    const summary = turnsRequests.at(-1)!.body!.messages.find((m) => contentOf(m).startsWith("<conversation-summary>"));
    expect(contentOf(summary)).toContain("FACT: the launch code is PLUM-4417.");
    expect(contentOf(summary)).toContain("FACT: the project codename is HERON.");

    // The transcript keeps every message; compactions are events beside them.
    const [file] = cli.sessionFiles();
    const lines = readFileSync(join(cli.home, "sessions", file!), "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.filter((l) => l.role === "user")).toHaveLength(TURNS + 1);
    expect(lines.filter((l) => l.type === "compaction").length).toBe(model.summaries);
    const listed = await cli.run(["sessions", "--json"]);
    expect((JSON.parse(listed.stdout) as Array<{ messageCount: number }>)[0]!.messageCount).toBe(lines.filter((l) => l.role !== undefined).length);
    const shown = await cli.run(["sessions", file!.replace(/\.jsonl$/, "")]);
    expect(shown.code, shown.stderr).toBe(0);

    // Resumed: the first request is the compacted view, not the whole history.
    const before = server.chatRequests.length;
    const resumed = await cli.run(["chat", "--no-mcp", "--toolsets", "file", "--resume", file!.replace(/\.jsonl$/, ""), "-p", "What do you remember now?"], { cwd: project });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain("The launch code is PLUM-4417 and the codename is HERON.");
    const first = server.chatRequests[before]!;
    expect(isSummaryRequest(first)).toBe(false);
    expect(JSON.stringify(first.body!.messages)).not.toContain("Turn 1.");
    expect(contentOf(first.body!.messages[1])).toMatch(/^<conversation-summary>/);

    // The banner of a resumed chat says how full the compacted context is.
    const banner = await cli.run(["chat", "--no-mcp", "--toolsets", "file", "--resume", file!.replace(/\.jsonl$/, "")], { cwd: project, input: "" });
    expect(banner.code, banner.stderr).toBe(0);
    const percent = Number(/ctx (\d+)% of 16,000/.exec(banner.stdout)?.[1]);
    expect(percent).toBeGreaterThan(0);
    expect(percent).toBeLessThan(80);
  });

  it("a model of unknown window: the context-length error compacts once, the window it names is learnt, the turn goes on", { timeout: 120_000 }, async () => {
    const model = windowedModel(8_000, answer);
    const server = await cli.startServer({ replies: Array.from({ length: 500 }, () => model.reply) });
    const turns = Array.from({ length: 30 }, (_, i) => `Turn ${i + 1}.${i === 0 ? " FACT: the launch code is PLUM-4417." : ""} Read the next data file.`);
    const input = `${[...turns, "What do you remember about the launch code and the codename?"].join("\n")}\n`;
    const result = await cli.run(["chat", "--no-mcp", "--toolsets", "file"], { input, cwd: project });
    expect(result.code, result.stderr.slice(-2000)).toBe(0);
    expect(result.stdout).not.toContain("✗");
    expect(result.stdout).toMatch(/⟳ compacted \d+ earlier messages into a summary \(the model refused the request's size\)/);
    // Once learnt from the first refusal, the window is compacted to ahead of time.
    expect(model.refused).toBe(1);
    expect(result.stdout).toMatch(/\(context nearly full\)/);
    expect(result.stdout).toContain("The launch code is PLUM-4417 and the codename is unknown.");
    for (const request of server.chatRequests.filter((r) => !isSummaryRequest(r))) expect(pairingProblems(request.body!.messages)).toEqual([]);
  });

  it("/compact [focus] summarises on demand, with the focus in the request", async () => {
    const model = windowedModel(100_000, answer);
    const server = await cli.startServer({ replies: Array.from({ length: 20 }, () => model.reply) });
    const input = "Turn 1. FACT: the launch code is PLUM-4417. Read it.\nTurn 2. Read it.\n/compact the launch code\n/compact\n";
    const result = await cli.run(["chat", "--no-mcp", "--toolsets", "file"], { input, cwd: project });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Compacted the earlier conversation into a summary: ~[\d,]+ → ~[\d,]+ tokens/);
    const summaries = server.chatRequests.filter(isSummaryRequest);
    expect(summaries).toHaveLength(1);
    expect(contentOf(summaries[0]!.body!.messages[1])).toContain("Focus on: the launch code.");
    // Right after a compaction only the latest turn is left: nothing more to compact.
    expect(result.stdout).toContain("Nothing to compact yet");
  });
});

