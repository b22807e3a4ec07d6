import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { offerLocalModel } from "../../src/cli/local-offer.js";
import { formatBytes, formatDuration, formatProgress } from "../../src/cli/progress-bar.js";
import { recordModel } from "../../src/llm/local/store.js";
import { assertBuilt, cliEnv, runCli } from "../helpers/cli.js";
import { writeFixtureModel } from "../helpers/gguf-fixture.js";

let home: string;
const savedHome = process.env.QUIVER_HOME;

beforeAll(() => assertBuilt());
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "quiver-local-cli-"));
  process.env.QUIVER_HOME = home;
});
afterEach(() => {
  if (savedHome === undefined) delete process.env.QUIVER_HOME;
  else process.env.QUIVER_HOME = savedHome;
  rmSync(home, { recursive: true, force: true });
});

function tty(answer: string): { input: PassThrough & { isTTY: boolean }; output: PassThrough & { isTTY: boolean }; written: () => string } {
  const input = Object.assign(new PassThrough(), { isTTY: true });
  const output = Object.assign(new PassThrough(), { isTTY: true });
  let written = "";
  output.on("data", (chunk: Buffer) => (written += chunk.toString()));
  input.end(`${answer}\n`);
  return { input, output, written: () => written };
}

describe("the download progress line", () => {
  it("shows bytes, speed and time left, measuring speed over this run only", () => {
    expect(formatBytes(1_234_567_890)).toBe("1.2 GB");
    expect(formatDuration(80)).toBe("1m 20s");
    // 400 MB of 1 GB were on disk from an earlier try; 100 MB more in 10 s is 10 MB/s.
    const line = formatProgress({ totalBytes: 1e9, downloadedBytes: 5e8 }, 10_000, 4e8);
    expect(line).toContain("50%");
    expect(line).toContain("500.0 MB / 1.0 GB");
    expect(line).toContain("10.0 MB/s");
    expect(line).toContain("ETA 50s");
  });
});

describe("no model configured: the local model offer", () => {
  it("without a terminal, fails with the exact pull command", async () => {
    const io = { input: Object.assign(new PassThrough(), { isTTY: false }), output: new PassThrough(), pull: () => Promise.reject(new Error("must not download")) };
    await expect(offerLocalModel("No model configured.", io)).rejects.toThrow("quiver models pull qwen3-1.7b");
  });

  it("on a terminal, asks first; yes downloads and uses it, no downloads nothing", async () => {
    const pulled: string[] = [];
    const yes = tty("y");
    expect(await offerLocalModel("none", { ...yes, pull: async (name) => pulled.push(name) })).toBe("local:qwen3-1.7b");
    expect(yes.written()).toMatch(/Download qwen3-1\.7b .*\[Y\/n\]/);
    expect(pulled).toEqual(["qwen3-1.7b"]);
    const no = tty("n");
    await expect(offerLocalModel("none", { ...no, pull: async (name) => pulled.push(name) })).rejects.toThrow("quiver chat --model local:qwen3-1.7b");
    expect(pulled).toEqual(["qwen3-1.7b"]);
  });

  it("uses the default model without asking once it is pulled", async () => {
    const dir = join(home, "models");
    mkdirSync(dir, { recursive: true });
    writeFixtureModel(join(dir, "q.gguf"));
    await recordModel(dir, { name: "qwen3-1.7b", uri: "hf:x/y:Q4_K_M", file: "q.gguf", sizeBytes: 1, sha256: "0", pulledAt: "" });
    const io = tty("");
    expect(await offerLocalModel("none", { ...io, pull: () => Promise.reject(new Error("must not download")) })).toBe("local:qwen3-1.7b");
    expect(io.written()).toContain("using the local model qwen3-1.7b");
  });
});

describe("quiver CLI with local models", () => {
  it("quiver chat without a model and without a TTY prints the pull command and exits 2", async () => {
    const result = await runCli(["chat", "-p", "hi", "--no-mcp"], cliEnv({ QUIVER_HOME: home }));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("quiver models pull qwen3-1.7b");
  });

  it("quiver models list shows none pulled and the known models", async () => {
    const result = await runCli(["models", "list"], cliEnv({ QUIVER_HOME: home }));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("none yet: quiver models pull qwen3-1.7b");
    expect(result.stdout).toContain("hf:unsloth/Qwen3-1.7B-GGUF:Q4_K_M");
  });

  it("quiver chat -p runs a GGUF file in-process (one thread, CPU, a short reply from config)", async () => {
    const model = join(home, "fixture.gguf");
    writeFixtureModel(model);
    writeFileSync(join(home, "config.yaml"), "model:\n  maxTokens: 16\n");
    const result = await runCli(["chat", "-p", "hi", "--no-mcp", "--model", `local:${model}`, "--threads", "1", "--gpu", "off", "-t", "file"], cliEnv({ QUIVER_HOME: home }));
    expect(result.stderr).not.toContain("Error");
    expect(result.code).toBe(0);
  });

  it("quiver doctor loads the local model and reports its load time and tokens/s", async () => {
    const model = join(home, "fixture.gguf");
    writeFixtureModel(model);
    const result = await runCli(["doctor", "--no-mcp", "--json", "--model", `local:${model}`, "--threads", "1", "--gpu", "off"], cliEnv({ QUIVER_HOME: home }));
    const { checks } = JSON.parse(result.stdout) as { checks: Array<{ check: string; status: string; detail: string }> };
    expect(checks.find((c) => c.check === "local model")).toMatchObject({ status: "ok", detail: expect.stringMatching(/loaded in \d+ ms on cpu/) });
    expect(checks.find((c) => c.check === "local speed")).toMatchObject({ status: "ok", detail: expect.stringMatching(/[\d.]+ tokens\/s/) });
    expect(checks.find((c) => c.check === "endpoint")).toBeUndefined();
    expect(checks.find((c) => c.check === "provider")?.detail).toContain("in-process");
  });

  it("rejects a bad --gpu value with the choices", async () => {
    const result = await runCli(["chat", "-p", "hi", "--no-mcp", "--model", "local:x.gguf", "--gpu", "tpu"], cliEnv({ QUIVER_HOME: home }));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--gpu must be one of auto, off, cpu, cuda, vulkan, metal");
  });
});
