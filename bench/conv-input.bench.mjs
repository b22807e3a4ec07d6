// What the chat's input features cost at start-up and per message, measured in one run:
// finding AGENTS.md from a project root 8 directories down, listing 500 sessions with and
// without the per-directory filter (the meta file read per session), and attaching 20 files
// with @ against reading them plainly.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median } from "./stats.mjs";

const SAMPLES = 15;

function time(fn) {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

async function timeAsync(fn) {
  const t0 = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

export default async function convInputBench() {
  const root = mkdtempSync(join(tmpdir(), "quiver-bench-conv-"));
  const home = join(root, "home");
  mkdirSync(home);
  process.env.QUIVER_HOME = home;
  try {
    const { loadProjectInstructions } = await import("../dist/agent/project-instructions.js");
    const { Session, listSessions } = await import("../dist/agent/index.js");
    const { attachMentions } = await import("../dist/cli/at-mentions.js");

    const project = join(root, "project");
    execFileSync("git", ["init", "-q", project]);
    let deep = project;
    for (let i = 0; i < 8; i++) mkdirSync((deep = join(deep, `d${i}`)));
    writeFileSync(join(project, "AGENTS.md"), "Root rules.\n".repeat(100));
    writeFileSync(join(deep, "AGENTS.md"), "Local rules.\n".repeat(20));
    writeFileSync(join(home, "AGENTS.md"), "Mine.\n");
    loadProjectInstructions({ cwd: deep });
    const instructionsMs = median(Array.from({ length: SAMPLES }, () => time(() => loadProjectInstructions({ cwd: deep }))));

    const sessions = join(home, "sessions");
    for (let i = 0; i < 500; i++) {
      const s = Session.create({ dir: sessions, cwd: i % 2 === 0 ? project : deep });
      s.append({ role: "user", content: `prompt ${i}` });
    }
    const all = [];
    const mine = [];
    for (let i = 0; i < SAMPLES; i++) {
      all.push(time(() => listSessions({ dir: sessions })));
      mine.push(time(() => listSessions({ dir: sessions, cwd: project })));
    }

    const files = Array.from({ length: 20 }, (_, i) => join(project, `f${i}.txt`));
    for (const f of files) writeFileSync(f, "some text of a file\n".repeat(200));
    const message = `look at ${files.map((_, i) => `@f${i}.txt`).join(" ")}`;
    const at = [];
    const plain = [];
    for (let i = 0; i < SAMPLES; i++) {
      at.push(await timeAsync(() => attachMentions(message, { cwd: project, report: () => {} })));
      plain.push(time(() => files.map((f) => readFileSync(f, "utf8"))));
    }
    const allMs = median(all);
    const mineMs = median(mine);
    return {
      section: "chat input (AGENTS.md, sessions per directory, @path)",
      rows: [
        { metric: "AGENTS.md lookup, 8 directories below the root (3 files found)", value: instructionsMs, unit: "ms", target: "≤ 2" },
        { metric: "listSessions, 500 sessions", value: allMs, unit: "ms" },
        { metric: "listSessions of one directory, 500 sessions", value: mineMs, unit: "ms", note: `${(mineMs / allMs).toFixed(2)}× the unfiltered list` },
        { metric: "@ attaching 20 files of 4 KB", value: median(at), unit: "ms", note: `${(median(at) / median(plain)).toFixed(1)}× reading them with readFileSync` },
      ],
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
