/**
 * The sandbox through the built CLI: --yes never turns it off, escalation is never approved
 * without a person, --sandbox on without a backend refuses, config.yaml and the flag, doctor,
 * and an unprivileged user (bwrap through user namespaces).
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { assertBuilt, cliEnv, runCli } from "../helpers/cli.js";
import { startScriptedServer, text } from "../helpers/scripted-openai-server.js";
import { FIXTURE_PARENT } from "./harness.js";

interface World {
  root: string;
  home: string;
  quiverHome: string;
  project: string;
}

let world: World;
beforeAll(() => assertBuilt());
beforeEach(() => {
  const root = mkdtempSync(join(FIXTURE_PARENT, "quiver-sandbox-cli-"));
  world = { root, home: join(root, "home"), quiverHome: join(root, "home", ".quiver"), project: join(root, "project") };
  mkdirSync(join(world.home, ".ssh"), { recursive: true });
  mkdirSync(world.quiverHome, { recursive: true });
  writeFileSync(join(world.home, ".ssh", "id_rsa"), "FAKE-KEY\n");
  execFileSync("git", ["init", "-q", world.project]);
});
afterEach(() => rmSync(world.root, { recursive: true, force: true }));

const env = (extra: Record<string, string | undefined> = {}) => cliEnv({ HOME: world.home, QUIVER_HOME: world.quiverHome, ...extra });
const call = (command: Record<string, unknown>, flags: string[] = [], extra: Record<string, string | undefined> = {}) =>
  runCli(["tools", "call", "terminal", JSON.stringify(command), "--no-mcp", ...flags], env(extra), { cwd: world.project });
const parse = (stdout: string): Record<string, unknown> => JSON.parse(stdout) as Record<string, unknown>;

describe("quiver tools call terminal in the sandbox", () => {
  it("--yes approves the guard's asks but never turns the sandbox off", async () => {
    writeFileSync(join(world.home, ".gitconfig"), "[user]\n\tname = t\n");
    const r = await call({ command: "touch ~/escaped.txt; rm -rf ~/.gitconfig; echo end" }, ["--yes"]);
    const out = parse(r.stdout);
    expect(out.output).toMatch(/Read-only file system/);
    expect(existsSync(join(world.home, "escaped.txt"))).toBe(false);
    expect(existsSync(join(world.home, ".gitconfig"))).toBe(true);
    expect(out.sandbox_blocked).toMatch(/escaped\.txt/);
  });

  it("--yes does not approve escalate: leaving the sandbox needs a person", async () => {
    const r = await call({ command: "touch ~/escaped.txt", escalate: "write the home" }, ["--yes"]);
    expect(r.code).toBe(1);
    expect(parse(r.stdout).error_type).toBe("approval_denied");
    expect(existsSync(join(world.home, "escaped.txt"))).toBe(false);
  });

  it("--sandbox on without a backend refuses every command, saying why and the fix", async () => {
    const emptyPath = join(world.root, "empty-bin");
    mkdirSync(emptyPath);
    const r = await call({ command: "touch ~/escaped.txt" }, ["--sandbox", "on"], { PATH: emptyPath });
    const out = parse(r.stdout);
    expect(out.error_type).toBe("sandbox_unavailable");
    expect(out.error).toMatch(/bwrap .*not on PATH/);
    expect(out.error).toMatch(/apt install bubblewrap socat/);
    expect(existsSync(join(world.home, "escaped.txt"))).toBe(false);
  });

  it("auto without a backend runs under the guard alone; off by flag or config runs unsandboxed; the flag beats config", async () => {
    // A PATH with bash and touch but no bwrap.
    const bin = join(world.root, "bin");
    mkdirSync(bin);
    for (const tool of ["bash", "touch"]) symlinkSync(execFileSync("which", [tool], { encoding: "utf8" }).trim(), join(bin, tool));
    const auto = await call({ command: "touch ~/auto.txt" }, [], { PATH: bin });
    expect(parse(auto.stdout).exit_code).toBe(0);
    expect(existsSync(join(world.home, "auto.txt"))).toBe(true);

    const off = await call({ command: "touch ~/off.txt" }, ["--sandbox", "off"]);
    expect(parse(off.stdout).exit_code).toBe(0);
    expect(existsSync(join(world.home, "off.txt"))).toBe(true);

    writeFileSync(join(world.quiverHome, "config.yaml"), "sandbox:\n  mode: off\n");
    await call({ command: "touch ~/config-off.txt" });
    expect(existsSync(join(world.home, "config-off.txt"))).toBe(true);
    await call({ command: "touch ~/flag-auto.txt" }, ["--sandbox", "auto"]);
    expect(existsSync(join(world.home, "flag-auto.txt"))).toBe(false);
  });

  it("rejects a bad --sandbox value as a usage error", async () => {
    const r = await call({ command: "true" }, ["--sandbox", "maybe"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--sandbox must be one of auto, on, off/);
  });

  it("takes sandbox.writable and sandbox.network.allow from config.yaml", async () => {
    const extra = join(world.root, "extra");
    mkdirSync(extra);
    writeFileSync(join(world.quiverHome, "config.yaml"), `sandbox:\n  writable: [${extra}]\n  network:\n    allow: ["127.0.0.1:9"]\n`);
    const r = await call({ command: `touch ${extra}/ok.txt && echo ok` });
    expect(parse(r.stdout).output).toBe("ok\n");
    expect(existsSync(join(extra, "ok.txt"))).toBe(true);
  });
});

describe("quiver chat says once when commands will not run sandboxed", () => {
  it("prints the reason and the fix at start, and nothing when the sandbox runs", async () => {
    const server = await startScriptedServer({ replies: [text("one"), text("two")] });
    try {
      const bin = join(world.root, "bin");
      mkdirSync(bin);
      symlinkSync(execFileSync("which", ["bash"], { encoding: "utf8" }).trim(), join(bin, "bash"));
      const chatEnv = { OPENAI_BASE_URL: server.baseUrl, OPENAI_API_KEY: "sk-test", QUIVER_MODEL: "scripted-model" };
      const without = await runCli(["chat", "-p", "hi", "--no-mcp"], env({ ...chatEnv, PATH: bin }), { cwd: world.project });
      expect(without.stdout).toBe("one\n");
      expect(without.stderr.match(/No OS sandbox here/g)).toHaveLength(1);
      expect(without.stderr).toMatch(/apt install bubblewrap socat/);
      const withBox = await runCli(["chat", "-p", "hi", "--no-mcp"], env(chatEnv), { cwd: world.project });
      expect(withBox.stdout).toBe("two\n");
      expect(withBox.stderr).not.toMatch(/sandbox/i);
    } finally {
      await server.close();
    }
  });
});

describe("quiver doctor reports the sandbox", () => {
  const sandboxCheck = (stdout: string) => (JSON.parse(stdout) as { checks: Array<{ check: string; status: string; detail: string; fix?: string }> }).checks.find((c) => c.check === "sandbox");

  it("names the backend, the writable roots and the network list", async () => {
    const r = await runCli(["doctor", "--json", "--no-mcp"], env({ OPENAI_BASE_URL: "http://127.0.0.1:9/v1" }), { cwd: world.project });
    const check = sandboxCheck(r.stdout);
    expect(check?.status).toBe("ok");
    expect(check?.detail).toMatch(/bwrap/);
    expect(check?.detail).toContain(world.project);
    expect(check?.detail).toMatch(/registry\.npmjs\.org/);
  });

  it("says when no sandbox can run, with the fix, and fails when one is required", async () => {
    const emptyPath = join(world.root, "empty-bin");
    mkdirSync(emptyPath);
    const auto = await runCli(["doctor", "--json", "--no-mcp"], env({ PATH: emptyPath, OPENAI_BASE_URL: "http://127.0.0.1:9/v1" }), { cwd: world.project });
    expect(sandboxCheck(auto.stdout)).toMatchObject({ status: "warn", detail: expect.stringMatching(/unavailable.*guard alone/), fix: expect.stringMatching(/apt install bubblewrap/) });
    writeFileSync(join(world.quiverHome, "config.yaml"), "sandbox:\n  mode: on\n");
    const on = await runCli(["doctor", "--json", "--no-mcp"], env({ PATH: emptyPath, OPENAI_BASE_URL: "http://127.0.0.1:9/v1" }), { cwd: world.project });
    expect(sandboxCheck(on.stdout)).toMatchObject({ status: "fail", detail: expect.stringMatching(/refuses/) });
  });
});

describe("the sandbox for an unprivileged user", () => {
  it("works through user namespaces: project writable, home read-only, ~/.ssh hidden", async () => {
    for (const dir of [world.root, world.home, join(world.home, ".ssh"), world.quiverHome]) chownSync(dir, 65534, 65534);
    // Read through a script the guard cannot see into: hiding ~/.ssh is the sandbox's job here, not the guard's.
    writeFileSync(join(world.project, "peek.sh"), "cat ~/.ssh/id_rsa\n");
    execFileSync("chown", ["-R", "65534:65534", world.project]);
    chownSync(join(world.home, ".ssh", "id_rsa"), 65534, 65534);
    const asNobody = execFileSync(
      "setpriv",
      ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, join(import.meta.dirname, "../../dist/cli/main.js"), "tools", "call", "terminal", JSON.stringify({ command: "id -u; touch in-project.txt; touch ~/outside.txt; sh peek.sh; echo end" }), "--no-mcp"],
      { cwd: world.project, env: env(), encoding: "utf8" },
    );
    const out = parse(asNobody);
    expect(out.output).toMatch(/^65534\n/);
    expect(out.output).not.toContain("FAKE-KEY");
    expect(out.output).toMatch(/outside\.txt': Read-only file system/);
    expect(existsSync(join(world.project, "in-project.txt"))).toBe(true);
    expect(existsSync(join(world.home, "outside.txt"))).toBe(false);
    expect(readdirSync(world.project)).toContain("in-project.txt");
  });
});
