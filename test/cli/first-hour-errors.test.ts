/**
 * A newcomer's mistakes, each through the built CLI: one clear line on stderr, the right exit
 * code, never a stack trace (issue 22, item 3).
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, cliEnv, useCliSandbox } from "../helpers/cli.js";
import { closedPort } from "../helpers/lifecycle.js";
import { httpError, text } from "../helpers/scripted-openai-server.js";

const cli = useCliSandbox({ homePrefix: "quiver-first-hour-", apiKey: "sk-first-hour-0123456789" });

/** Node's stack frames ("    at fn (file:1:2)") or an uncaught error's banner. */
const STACK = /^\s+at .+|^(Type|Reference)?Error: |node:internal/m;

function expectOneCleanLine(stderr: string, pattern: RegExp): void {
  expect(stderr).not.toMatch(STACK);
  const lines = stderr.split("\n").filter((line) => line.trim() !== "");
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
}

/** Runs the CLI on a pseudo-terminal (util-linux `script`), answering `answer` once `question` shows. */
function onTty(args: string[], env: NodeJS.ProcessEnv, question: string, answer: string): Promise<{ screen: string; code: number | null }> {
  const command = [process.execPath, CLI, ...args].map((arg) => `'${arg.replace(/'/g, "'\\''")}'`).join(" ");
  const child = spawn("script", ["-qfec", command, "/dev/null"], { env: { ...env, NO_COLOR: "1" } });
  let screen = "";
  let answered = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 25_000);
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      screen += chunk;
      if (answered || !screen.includes(question)) return;
      answered = true;
      child.stdin.write(`${answer}\n`);
    });
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ screen, code });
    });
  });
}

describe("a newcomer's first hour: failures the user can cause", () => {
  it("models pull of an unknown name refuses before saying it downloads (exit 2)", async () => {
    const result = await cli.run(["models", "pull", "qwen3-1.7"]);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain("Downloading");
    expectOneCleanLine(result.stderr, /^quiver: Cannot pull "qwen3-1\.7": did you mean qwen3-1\.7b\?/);
  });

  it("models pull with the network down: one line naming the download, exit 1", async () => {
    const port = await closedPort();
    const result = await cli.run(["models", "pull", `http://127.0.0.1:${port}/model.gguf`]);
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(STACK);
    expect(result.stderr).toMatch(/^quiver: Could not download http:\/\/127\.0\.0\.1:\d+\/model\.gguf \(.*\)\. Check the network connection/m);
  });

  it("accepting the local-model offer with the network down: one line, exit 1, no stack trace", async () => {
    const port = await closedPort();
    const env = cliEnv({ QUIVER_HOME: cli.home, HF_ENDPOINT: `http://127.0.0.1:${port}/` });
    const { screen, code } = await onTty(["chat", "--no-mcp"], env, "[Y/n]", "y");
    expect(screen).toMatch(/Download qwen3-1\.7b/);
    expect(screen).toMatch(/quiver: Could not download qwen3-1\.7b \(Failed to fetch manifest/);
    expect(screen).not.toMatch(STACK);
    expect(code).toBe(1);
  });

  it("chat -p with the model endpoint down: one line naming it, exit 1", async () => {
    const port = await closedPort();
    const result = await cli.run(["chat", "-p", "hi", "--no-mcp"], { env: { OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1` } });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(STACK);
    expect(result.stderr).toMatch(new RegExp(`^quiver: .*Could not connect to http://127\\.0\\.0\\.1:${port}/v1`, "m"));
  });

  it("an unknown flag is a usage error (exit 2); --yolo is pointed at --yes", async () => {
    const yolo = await cli.run(["chat", "--yolo", "-p", "hi"]);
    expect(yolo.code).toBe(2);
    expectOneCleanLine(yolo.stderr, /^quiver: unknown option '--yolo' \(did you mean --yes\?\)/);
    const typo = await cli.run(["tools", "list", "--jsn"]);
    expect(typo.code).toBe(2);
    expectOneCleanLine(typo.stderr, /^quiver: unknown option '--jsn' \(did you mean --json\?\)/);
    const command = await cli.run(["tols"]);
    expect(command.code).toBe(2);
    expect(command.stderr).toMatch(/^quiver: unknown command 'tols' \(did you mean tools\?\)/);
  });

  it("quiver chat \"hello\" takes hello as the first message of the chat", async () => {
    const server = await cli.startServer({ replies: [text("Hi, how can I help?")] });
    const result = await cli.run(["chat", "--no-mcp", "hello"]);
    expect(result.code, result.stderr).toBe(0);
    expect(server.chatRequests[0]!.body!.messages.at(-1)).toMatchObject({ role: "user", content: "hello" });
    expect(result.stdout).toContain("Hi, how can I help?");
  });

  it("an unknown top-level config key is an error naming it and the valid ones (chat exit 2; doctor fails)", async () => {
    writeFileSync(join(cli.home, "config.yaml"), "modle: gpt-4o-mini\n");
    const chat = await cli.run(["chat", "-p", "hi", "--no-mcp"]);
    expect(chat.code).toBe(2);
    expect(chat.stderr).not.toMatch(STACK);
    expect(chat.stderr).toMatch(/modle: unknown section; expected one of: model, agent, mcp, tools, terminal, sandbox, checkpoints, permissions, context, instructions, input, hooks, serve \(did you mean model\?\)/);
    const doctor = await cli.run(["doctor", "--no-mcp"]);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toMatch(/✗ config .*Invalid config file/);
    expect(doctor.stdout).toContain("modle: unknown section");
  });

  it("the sections other branches add (sandbox, checkpoints, permissions) are known names", async () => {
    const server = await cli.startServer({ replies: [text("ok")] });
    writeFileSync(join(cli.home, "config.yaml"), "sandbox: {}\ncheckpoints: {}\npermissions: {}\n");
    const result = await cli.run(["chat", "-p", "hi", "--no-mcp"]);
    expect(result.code, result.stderr).toBe(0);
    expect(server.chatRequests).toHaveLength(1);
  });

  it("doctor makes one tiny chat request: a key the chat endpoint rejects is reported, not All good", async () => {
    const server = await cli.startServer({ models: ["scripted-model"], replies: [httpError(401, { message: "Incorrect API key provided" })] });
    const result = await cli.run(["doctor", "--no-mcp"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/✓ endpoint .*answers; it lists 1 model/);
    expect(result.stdout).toMatch(/✗ chat .*rejected .*\(401\)/);
    expect(result.stdout).toMatch(/fix: The endpoint lists models without a key but rejects chats/);
    expect(result.stdout).not.toContain("All good");
    expect(result.stdout).not.toContain("sk-first-hour");
    expect(server.chatRequests).toHaveLength(1);
    expect(server.chatRequests[0]!.body!.max_tokens ?? server.chatRequests[0]!.body!.max_completion_tokens).toBe(8);
  });
});
