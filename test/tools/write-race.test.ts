/**
 * write_file and patch against a symlink swapped between judging and writing: a worker thread
 * flips a project path between a real file (or folder) and a link into a fake home's ~/.ssh
 * while the tools run hundreds of times. No approval callback is given, so a write the tools
 * judged protected is never made: the fake home must never change.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, removeTempDirs, tempDir, useHome } from "./tool-harness.js";

const RUNS = 200;

beforeAll(async () => {
  await import("../../src/tools/write-file.js");
  await import("../../src/tools/patch.js");
});
afterAll(removeTempDirs);

// Swaps `path` between a real entry (moved aside to `path.real`) and a symlink to `target`,
// each step a rename so the path is never missing for long.
// A folder the tool itself created while the real one was aside (write_file makes missing
// parents) is dropped when the real one moves back.
const SWAPPER = `
const { lstatSync, renameSync, rmSync, symlinkSync } = require("node:fs");
const { workerData } = require("node:worker_threads");
const { path, target, stop } = workerData;
const flag = new Int32Array(stop);
let swaps = 0;
while (Atomics.load(flag, 0) === 0) {
  try {
    renameSync(path, path + ".real");
    rmSync(path + ".link", { force: true });
    symlinkSync(target, path + ".link");
    renameSync(path + ".link", path);
    swaps++;
  } catch {}
  try {
    if (!lstatSync(path + ".real").isSymbolicLink()) {
      rmSync(path, { recursive: true, force: true });
      renameSync(path + ".real", path);
    }
  } catch {}
}
Atomics.store(flag, 1, swaps);
`;

interface Swapper {
  stop(): Promise<number>;
}

function startSwapper(path: string, target: string): Swapper {
  const stop = new SharedArrayBuffer(8);
  const worker = new Worker(SWAPPER, { eval: true, workerData: { path, target, stop } });
  return {
    async stop() {
      const flag = new Int32Array(stop);
      Atomics.store(flag, 0, 1);
      await new Promise((resolve) => worker.once("exit", resolve));
      return Atomics.load(flag, 1);
    },
  };
}

/** Every file under `dir` with its content (and mode), to tell whether anything there changed. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else out.set(p, `${statSync(p).mode}:${readFileSync(p, "utf8")}`);
    }
  };
  walk(dir);
  return out;
}

/** Entries that differ between two snapshots (changed, added or removed). */
function differences(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => before.get(n) !== after.get(n));
}

interface Setup {
  home: string;
  keys: string;
  project: string;
  restore: () => void;
}

async function setup(): Promise<Setup> {
  const home = await tempDir("quiver-race-home-");
  const project = await tempDir("quiver-race-project-");
  mkdirSync(join(home, ".ssh"));
  const keys = join(home, ".ssh", "authorized_keys");
  writeFileSync(keys, "ssh-ed25519 AAAA alpha owner@host\n");
  const restoreHome = useHome(home);
  const savedQuiverHome = process.env.QUIVER_HOME;
  process.env.QUIVER_HOME = join(home, ".quiver");
  return {
    home,
    keys,
    project,
    restore: () => {
      restoreHome();
      if (savedQuiverHome === undefined) delete process.env.QUIVER_HOME;
      else process.env.QUIVER_HOME = savedQuiverHome;
    },
  };
}

/** Runs `call` RUNS times while `swapped` flips to a link to `target`; counts runs after which the home changed. */
async function raced(s: Setup, swapped: string, target: string, call: (i: number) => Promise<unknown>): Promise<{ escapes: number; swaps: number; written: number }> {
  let before = snapshot(s.home);
  const swapper = startSwapper(swapped, target);
  let escapes = 0;
  let written = 0;
  try {
    for (let i = 0; i < RUNS; i++) {
      const r = (await call(i)) as { error?: string };
      if (r.error === undefined) written++;
      const after = snapshot(s.home);
      if (differences(before, after).length > 0) escapes++;
      before = after;
    }
  } finally {
    const swaps = await swapper.stop();
    if (process.env.RACE_REPORT) console.log(`escapes ${escapes}/${RUNS}, swaps ${swaps}, written ${written}`);
    s.restore();
    return { escapes, swaps, written };
  }
}

describe("write_file and patch under a symlink race", () => {
  it("write_file: the final path flips to a link to ~/.ssh/authorized_keys", async () => {
    const s = await setup();
    const file = join(s.project, "notes.txt");
    writeFileSync(file, "project alpha\n");
    const { escapes, swaps } = await raced(s, file, s.keys, (i) => callTool("write_file", { path: file, content: `owned ${i}\n` }));
    expect(swaps).toBeGreaterThan(0);
    expect(escapes).toBe(0);
    expect(readFileSync(s.keys, "utf8")).toBe("ssh-ed25519 AAAA alpha owner@host\n");
  });

  it("patch: the final path flips to a link to ~/.ssh/authorized_keys", async () => {
    const s = await setup();
    const file = join(s.project, "notes.txt");
    writeFileSync(file, "project alpha\n");
    const { escapes, swaps } = await raced(s, file, s.keys, (i) =>
      callTool("patch", { path: file, old_string: i % 2 === 0 ? "alpha" : "beta", new_string: i % 2 === 0 ? "beta" : "alpha" }),
    );
    expect(swaps).toBeGreaterThan(0);
    expect(escapes).toBe(0);
  });

  it("write_file: a parent folder flips to a link to ~/.ssh", async () => {
    const s = await setup();
    const sub = join(s.project, "keys");
    mkdirSync(sub);
    writeFileSync(join(sub, "authorized_keys"), "project alpha\n");
    const target = join(sub, "authorized_keys");
    const { escapes, swaps, written } = await raced(s, sub, join(s.home, ".ssh"), (i) => callTool("write_file", { path: target, content: `owned ${i}\n` }));
    expect(swaps).toBeGreaterThan(0);
    expect(written).toBeGreaterThan(0);
    expect(escapes).toBe(0);
  });

  it("write_file and patch: a parent folder flips to a link to the home", async () => {
    const s = await setup();
    const sub = join(s.project, "home");
    mkdirSync(join(sub, ".ssh"), { recursive: true });
    const target = join(sub, ".ssh", "authorized_keys");
    writeFileSync(target, "project alpha\n");
    const { escapes, swaps } = await raced(s, sub, s.home, (i) =>
      i % 2 === 0
        ? callTool("write_file", { path: target, content: `owned alpha ${i}\n` })
        : callTool("patch", { path: target, old_string: "alpha", new_string: "alpha!" }),
    );
    expect(swaps).toBeGreaterThan(0);
    expect(escapes).toBe(0);
  });
});
