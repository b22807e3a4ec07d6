/** `quiver chat -p` streams the answer to stdout as it arrives; progress only on a terminal; Ctrl-C keeps what came (issue 22, item 7). */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, useCliSandbox, waitFor } from "../helpers/cli.js";
import { text } from "../helpers/scripted-openai-server.js";

const cli = useCliSandbox({ homePrefix: "quiver-stream-", apiKey: "sk-stream-0123456789" });

const WORDS = Array.from({ length: 12 }, (_, i) => `word${i + 1} `);

describe("chat -p streams its answer", () => {
  it("writes the text to stdout as it arrives, and only the text", async () => {
    await cli.startServer({ replies: [text(WORDS, { delayMs: 250 })] });
    const running = cli.start(["chat", "-p", "count", "--no-mcp"]);
    await waitFor(() => running.stdout().includes("word2 "), () => `stdout ${JSON.stringify(running.stdout())}`);
    // The run is not over: the last words are still on their way.
    expect(running.stdout()).not.toContain("word12");
    expect(running.child.exitCode).toBeNull();
    const result = await running.done;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${WORDS.join("").trimEnd()} \n`);
    expect(result.stderr).not.toContain("word1");
    // stderr is not a terminal here: no spinner, no progress redraws.
    expect(result.stderr).not.toContain("\r");
    expect(result.stderr).not.toContain("receiving the answer");
  });

  it("Ctrl-C (SIGINT) mid-stream keeps what arrived on stdout and exits 130", async () => {
    await cli.startServer({ replies: [text(WORDS, { delayMs: 400 })] });
    const running = cli.start(["chat", "-p", "count", "--no-mcp"]);
    await waitFor(() => running.stdout().includes("word3 "), () => `stdout ${JSON.stringify(running.stdout())}`);
    running.child.kill("SIGINT");
    const result = await running.done;
    expect(result.code).toBe(130);
    expect(result.stdout).toMatch(/^word1 word2 word3 (word\d+ )*\n$/);
    expect(result.stdout).not.toContain("word12");
    expect(result.stderr).toContain("interrupted");
  });

  it("shows progress on stderr when it is a terminal, while stdout (a file) gets the answer", async () => {
    await cli.startServer({ replies: [text(WORDS, { delayMs: 150 })] });
    const answer = join(cli.home, "answer.txt");
    const command = `'${process.execPath}' '${CLI}' chat -p count --no-mcp > '${answer}'`;
    const child = spawn("script", ["-qfec", command, "/dev/null"], { env: cli.env() });
    let screen = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (screen += chunk));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/receiving the answer… \d+ characters/);
    expect(readFileSync(answer, "utf8")).toBe(`${WORDS.join("").trimEnd()} \n`);
  });
});
