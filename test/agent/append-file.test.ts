import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync, renameSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { appendSettled, appendSoon, appendToFile, forgetFile } from "../../src/agent/append-file.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "quiver-append-"));
});
afterEach(() => {
  for (const name of readdirSync(dir, { recursive: true }) as string[]) forgetFile(join(dir, name));
  rmSync(dir, { recursive: true, force: true });
});

const openDescriptors = (): number => readdirSync("/proc/self/fd").length;

describe("appendToFile", () => {
  it("appends in order, creating the directory 0700 and the file 0600", () => {
    const path = join(dir, "sessions", "a.jsonl");
    for (let i = 0; i < 50; i++) appendToFile(path, `line ${i} ✓\n`);
    expect(readFileSync(path, "utf8")).toBe(Array.from({ length: 50 }, (_, i) => `line ${i} ✓\n`).join(""));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, "sessions")).mode & 0o777).toBe(0o700);
  });

  it("keeps at most 8 descriptors open however many files it writes", () => {
    const before = openDescriptors();
    for (let round = 0; round < 3; round++) for (let i = 0; i < 40; i++) appendToFile(join(dir, `f${i}.jsonl`), `${round}\n`);
    expect(openDescriptors() - before).toBeLessThanOrEqual(8);
    for (let i = 0; i < 40; i++) expect(readFileSync(join(dir, `f${i}.jsonl`), "utf8")).toBe("0\n1\n2\n");
  });

  it("recreates a file deleted meanwhile instead of writing into the deleted one", () => {
    const path = join(dir, "gone.jsonl");
    appendToFile(path, "before\n");
    unlinkSync(path);
    appendToFile(path, "after\n");
    expect(readFileSync(path, "utf8")).toBe("after\n");
  });

  it("writes to the new file after another process replaced it by a rename", () => {
    const path = join(dir, "replaced.jsonl");
    appendToFile(path, "old\n");
    writeFileSync(`${path}.tmp`, "rewritten\n");
    renameSync(`${path}.tmp`, path);
    appendToFile(path, "next\n");
    expect(readFileSync(path, "utf8")).toBe("rewritten\nnext\n");
  });
});

describe("appendSoon (a new transcript opened off the main thread)", () => {
  const contents = (path: string): string => (existsSync(path) ? readFileSync(path, "utf8") : "");

  it("returns before the file is open, keeps later appends in order, and settles with all of it written", async () => {
    const path = join(dir, "sessions", "new.jsonl");
    appendSoon(path, "header\n");
    appendSoon(path, "user\n");
    // Written only by the open's callback, which cannot have run within this synchronous stretch.
    expect(contents(path)).toBe("");
    await appendSettled(path);
    expect(readFileSync(path, "utf8")).toBe("header\nuser\n");
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, "sessions")).mode & 0o777).toBe(0o700);
    appendSoon(path, "reply\n"); // the descriptor is kept now: written at once
    expect(readFileSync(path, "utf8")).toBe("header\nuser\nreply\n");
  });

  it("lets a synchronous append write what waits first, on disk when it returns, and leaks no descriptor", async () => {
    const before = openDescriptors();
    const path = join(dir, "mixed.jsonl");
    appendSoon(path, "queued 1\n");
    appendSoon(path, "queued 2\n");
    appendToFile(path, "now\n");
    expect(readFileSync(path, "utf8")).toBe("queued 1\nqueued 2\nnow\n");
    await appendSettled(path);
    await new Promise((done) => setTimeout(done, 20)); // the background open's own descriptor, closed when it lands
    forgetFile(path);
    expect(readFileSync(path, "utf8")).toBe("queued 1\nqueued 2\nnow\n");
    expect(openDescriptors()).toBe(before);
  });

  it("reports a file it cannot create through appendSettled, once, and tries again on the next append", async () => {
    writeFileSync(join(dir, "blocker"), "a file where a directory should be");
    const path = join(dir, "blocker", "s.jsonl");
    appendSoon(path, "lost\n");
    await expect(appendSettled(path)).rejects.toMatchObject({ code: "ENOTDIR" });
    await expect(appendSettled(path)).resolves.toBeUndefined();
    rmSync(join(dir, "blocker"));
    appendSoon(path, "again\n");
    await appendSettled(path);
    expect(readFileSync(path, "utf8")).toBe("again\n");
  });

  it("still writes what waits when the process exits before the open lands (process.exit included)", () => {
    const path = join(dir, "exiting.jsonl");
    const module = pathToFileURL(join(import.meta.dirname, "../../src/agent/append-file.ts")).href;
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", `const m = await import(${JSON.stringify(module)}); m.appendSoon(${JSON.stringify(path)}, "before exit\\n"); process.exit(0);`], { encoding: "utf8" });
    expect(child.stderr).toBe("");
    expect(readFileSync(path, "utf8")).toBe("before exit\n");
  });
});
