import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, useCliSandbox, waitFor } from "../helpers/cli.js";
import { text } from "../helpers/scripted-openai-server.js";

const cli = useCliSandbox({ homePrefix: "quiver-cli-", apiKey: "sk-watch-test-0123456789" });

function toolSource(description: string): string {
  return `import { registry, z } from "quiver";
registry.register({ name: "roll_dice", toolset: "games", schema: { description: "${description}", parameters: z.object({ n: z.number() }) }, handler: ({ n }: { n: number }) => String(n) });
`;
}

const describedAs = (request: { body?: { tools?: Array<{ function: { name: string; description?: string } }> } } | undefined) =>
  request?.body?.tools?.find((t) => t.function.name === "roll_dice")?.function.description;

/** A REPL on a temp home whose tools/dice.ts is the first version, talking to a scripted server. */
async function startChat(extraArgs: string[]) {
  mkdirSync(join(cli.home, "tools"));
  const file = join(cli.home, "tools", "dice.ts");
  writeFileSync(file, toolSource("Roll dice, first version."));
  const server = await cli.startServer({ replies: [text("one"), text("two")] });
  const child = spawn(process.execPath, [CLI, "chat", "--no-mcp", ...extraArgs], { env: cli.env(), stdio: ["pipe", "pipe", "pipe"] });
  const chat = { child, file, server, out: "", exited: new Promise<number | null>((resolve) => child.once("close", resolve)) };
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (chat.out += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (chat.out += chunk));
  return chat;
}

describe("quiver chat hot reload", () => {
  it("the second turn sees a tool file edited between turns, and the REPL says so", async () => {
    const chat = await startChat([]);
    try {
      chat.child.stdin.write("first\n");
      await waitFor(() => chat.out.includes("one"), () => `the first answer in:\n${chat.out}`);
      writeFileSync(chat.file, toolSource("Roll dice, edited."));
      await waitFor(() => chat.out.includes("↻ reloaded roll_dice"), () => `the reload note in:\n${chat.out}`, 5_000);
      chat.child.stdin.end("second\n");
      expect(await chat.exited).toBe(0);
    } finally {
      if (chat.child.exitCode === null) chat.child.kill("SIGKILL");
    }
    expect(describedAs(chat.server.chatRequests[0])).toBe("Roll dice, first version.");
    expect(describedAs(chat.server.chatRequests[1])).toBe("Roll dice, edited.");
  }, 30_000);

  it("--no-watch keeps the tools as they were at start-up", async () => {
    const chat = await startChat(["--no-watch"]);
    chat.child.stdin.write("first\n");
    await waitFor(() => chat.out.includes("one"), () => `the first answer in:\n${chat.out}`);
    writeFileSync(chat.file, toolSource("Roll dice, edited."));
    await new Promise((r) => setTimeout(r, 300));
    chat.child.stdin.end("second\n");
    expect(await chat.exited).toBe(0);
    expect(chat.out).not.toContain("↻");
    expect(describedAs(chat.server.chatRequests[1])).toBe("Roll dice, first version.");
  }, 30_000);
});
