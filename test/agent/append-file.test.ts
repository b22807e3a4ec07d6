import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync, renameSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendToFile, forgetFile } from "../../src/agent/append-file.js";

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
