// Checkpoints: what a turn pays before its first write. A 10,000-file git project is
// checkpointed cold (shadow repository created, every file hashed), then again unchanged (the
// common case: one `git status` on the shadow index), and after one file changed; `git status`
// on the project's own repository, same tree and same run, is the floor.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { withBenchHome } from "./scripted-agent.mjs";
import { median } from "./stats.mjs";

const FILES = 10_000;
const TARGET_MS = 150;

function makeProject() {
  const dir = mkdtempSync(join(tmpdir(), "quiver-bench-cp-"));
  for (let d = 0; d < 100; d++) {
    mkdirSync(join(dir, `dir${d}`));
    for (let f = 0; f < FILES / 100; f++) writeFileSync(join(dir, `dir${d}`, `file${f}.txt`), `directory ${d} file ${f}\n`.repeat(8));
  }
  writeFileSync(join(dir, ".gitignore"), "build/\n");
  const env = { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" };
  const git = (...args) => execFileSync("git", args, { cwd: dir, env, stdio: "pipe" });
  git("init", "-q");
  git("add", "-A");
  git("-c", "user.name=b", "-c", "user.email=b@b", "commit", "-qm", "bench");
  return { dir, env };
}

async function timed(fn) {
  const t0 = process.hrtime.bigint();
  const value = await fn();
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, value };
}

export default async function checkpointsBench() {
  const { dir, env } = makeProject();
  try {
    return await withBenchHome("quiver-bench-cp-home-", async () => {
      const { Checkpointer } = await import("../dist/checkpoints/index.js");
      const checkpointer = new Checkpointer({ cwd: () => dir, warn: (m) => process.stderr.write(`bench: ${m}\n`) });
      const take = () => checkpointer.take({ tool: "write_file", args: { path: "dir0/file0.txt" } });
      const cold = await timed(take);
      if (cold.value === undefined) throw new Error("the cold checkpoint was not taken");
      const unchanged = [];
      const status = [];
      for (let i = 0; i < 15; i++) {
        // Alternated, so load on the shared machine hits both alike.
        const warm = await timed(take);
        if (warm.value?.reused !== true) throw new Error("an unchanged project made a new checkpoint");
        unchanged.push(warm.ms);
        status.push((await timed(() => spawnSync("git", ["status", "--porcelain"], { cwd: dir, env }))).ms);
      }
      const changed = [];
      for (let i = 0; i < 5; i++) {
        writeFileSync(join(dir, "dir1", `file${i}.txt`), `changed ${i}\n`);
        const one = await timed(take);
        if (one.value?.reused !== false) throw new Error("a changed project reused a checkpoint");
        changed.push(one.ms);
      }
      const warm = median(unchanged);
      const floor = median(status);
      return {
        section: "checkpoints",
        rows: [
          { metric: `checkpoint, unchanged ${FILES}-file project`, value: warm, unit: "ms", target: `≤ ${TARGET_MS}`, ok: warm <= TARGET_MS, note: "median of 15; the same checkpoint is reused" },
          { metric: "checkpoint, cold (first, shadow repo created)", value: cold.ms, unit: "ms", note: `${cold.value.record.files} files hashed` },
          { metric: "checkpoint, one file changed", value: median(changed), unit: "ms", note: "status + add -A + write-tree + commit-tree + update-ref" },
          { metric: "git status --porcelain, same tree (floor)", value: floor, unit: "ms", note: "the project's own repository, same run" },
          { metric: "unchanged checkpoint / git status", value: warm / floor, unit: "×" },
        ],
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
