/**
 * A successful bwrap probe is remembered across processes (src/sandbox/probe-memo.ts), for the
 * same binary, user, boot and user-namespace settings only; a failed probe is never kept, and a
 * sandbox that then fails to start forgets it, so the next command probes again and the failing
 * command is never run outside the sandbox.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { detectSandboxAsync, resetSandboxDetection } from "../../src/sandbox/detect.js";
import { sandboxWorld, terminal, type SandboxWorld } from "./harness.js";

let world: SandboxWorld;
let bin = "";
let savedPath: string | undefined;

beforeEach(() => {
  world = sandboxWorld();
  bin = join(world.root, "bin");
  mkdirSync(bin);
  savedPath = process.env.PATH;
  process.env.PATH = `${bin}:${process.env.PATH ?? ""}`;
  resetSandboxDetection();
});

afterEach(() => {
  process.env.PATH = savedPath;
  resetSandboxDetection();
  world.cleanup();
});

const memo = (): string => join(world.quiverHome, "cache", "sandbox-probe.json");
const runs = (): string[] => (existsSync(join(bin, "runs.txt")) ? readFileSync(join(bin, "runs.txt"), "utf8").trim().split("\n") : []);

/** A `bwrap` that notes each run (the probe runs `true`) and answers as `script` says. */
function fakeBwrap(script: string): void {
  const file = join(bin, "bwrap");
  writeFileSync(file, `#!/bin/sh\nfor last in "$@"; do :; done\necho "$last" >> ${JSON.stringify(join(bin, "runs.txt"))}\n${script}\n`);
  chmodSync(file, 0o755);
}

describe("the sandbox probe, remembered", () => {
  it("is run once for later processes, and again when the bwrap binary changes", async () => {
    fakeBwrap("exit 0");
    const first = await detectSandboxAsync();
    expect(first).toMatchObject({ available: true, backend: { kind: "bwrap", path: join(bin, "bwrap"), userns: true } });
    expect(runs()).toEqual(["true"]);
    expect(existsSync(memo())).toBe(true);

    resetSandboxDetection(); // as a new process would start
    expect(await detectSandboxAsync()).toEqual(first);
    expect(runs()).toEqual(["true"]);

    utimesSync(join(bin, "bwrap"), new Date(), new Date(Date.now() + 5_000));
    resetSandboxDetection();
    expect(await detectSandboxAsync()).toEqual(first);
    expect(runs()).toEqual(["true", "true"]);
  });

  it("remembers that only running without a user namespace works", async () => {
    fakeBwrap(`case "$*" in *--unshare-user*) echo "bwrap: setting up uid map: Permission denied" >&2; exit 1;; esac; exit 0`);
    expect(await detectSandboxAsync()).toMatchObject({ available: true, backend: { userns: false } });
    resetSandboxDetection();
    expect(await detectSandboxAsync()).toMatchObject({ available: true, backend: { userns: false } });
    expect(runs()).toEqual(["true", "true"]); // the two runs of the first probe only
  });

  it("keeps no failure: an unusable bwrap is probed again every time", async () => {
    fakeBwrap(`echo "bwrap: No permissions to create new namespace" >&2; exit 1`);
    expect(await detectSandboxAsync()).toMatchObject({ available: false });
    expect(existsSync(memo())).toBe(false);
    resetSandboxDetection();
    await detectSandboxAsync();
    expect(runs()).toHaveLength(4);
  });

  it("is forgotten when bwrap then fails to start a command, which is reported and not run unsandboxed", async () => {
    // Probes pass; a real command meets the refusal a changed kernel setting would give.
    fakeBwrap(`[ "$last" = true ] && exit 0\necho "bwrap: No permissions to create new namespace, likely because the kernel does not allow non-privileged user namespaces." >&2\nexit 1`);
    const marker = join(world.project, "ran.txt");
    const result = await terminal({ command: `touch ${marker}`, workdir: world.project }, { approve: async () => "once" });
    expect(result.exit_code).toBe(1);
    expect(result.sandbox_blocked).toMatch(/bwrap could not start the command \(bwrap: No permissions/);
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(memo())).toBe(false);
    rmSync(join(bin, "runs.txt"));
    await detectSandboxAsync(); // probes again
    expect(runs()).toEqual(["true"]);
  });
});
