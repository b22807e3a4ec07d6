import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registry, type ToolProgress } from "../../src/registry/index.js";
import { callTool, removeTempDirs, tempDir } from "./tool-harness.js";

let root: string;

beforeAll(async () => {
  await import("../../src/tools/search-files.js");
  root = await tempDir();
  await mkdir(join(root, "src", "deep"), { recursive: true });
  await mkdir(join(root, "node_modules", "dep"), { recursive: true });
  await mkdir(join(root, ".git"));
  await writeFile(join(root, "README.md"), "# Title\nTODO: write docs\n");
  await writeFile(join(root, "src", "a.ts"), "export const a = 1;\n// TODO fix a\n");
  await writeFile(join(root, "src", "deep", "b.ts"), "// todo lower case\nconst b = 2; // TODO b\n");
  await writeFile(join(root, "node_modules", "dep", "index.js"), "// TODO in a dependency\n");
  await writeFile(join(root, ".git", "config"), "TODO in git\n");
  await writeFile(join(root, "image.png"), Buffer.concat([Buffer.from("TODO"), Buffer.from([0, 1, 2])]));
});
afterAll(removeTempDirs);

describe("search_files", () => {
  it("is a read-only file tool", () => {
    expect(registry.getEntry("search_files")?.toolset).toBe("file");
    expect(registry.getEntry("search_files")?.readOnly).toBe(true);
  });

  it("finds matches as file:line:text, skipping .git, node_modules and binary files", async () => {
    const r = await callTool("search_files", { pattern: "TODO", path: root });
    expect(r.matches).toEqual([
      `${join(root, "README.md")}:2:TODO: write docs`,
      `${join(root, "src", "a.ts")}:2:// TODO fix a`,
      `${join(root, "src", "deep", "b.ts")}:2:const b = 2; // TODO b`,
    ]);
    expect(r.match_count).toBe(3);
    expect(r.truncated).toBe(false);
    expect(r.hint).toMatch(/1 binary or oversized file\(s\) skipped/);
  });

  it("searches the working directory by default, with paths relative to it", async () => {
    const before = process.cwd();
    process.chdir(root);
    try {
      const r = await callTool("search_files", { pattern: "export" });
      expect(r.matches).toEqual(["src/a.ts:1:export const a = 1;"]);
    } finally {
      process.chdir(before);
    }
  });

  it("filters by glob on the file name or the relative path", async () => {
    const ts = await callTool("search_files", { pattern: "TODO", path: root, glob: "*.ts" });
    expect(ts.matches).toHaveLength(2);
    const deep = await callTool("search_files", { pattern: "TODO", path: root, glob: "src/deep/*.ts" });
    expect(deep.matches).toEqual([`${join(root, "src", "deep", "b.ts")}:2:const b = 2; // TODO b`]);
    const none = await callTool("search_files", { pattern: "TODO", path: root, glob: "*.py" });
    expect(none.matches).toEqual([]);
    expect(none.hint).toMatch(/No matches .* glob "\*\.py"/);
  });

  it("matches case-insensitively on request", async () => {
    const r = await callTool("search_files", { pattern: "todo", path: root, case_sensitive: false, glob: "*.ts" });
    expect(r.matches).toHaveLength(3);
    const exact = await callTool("search_files", { pattern: "todo", path: root, glob: "*.ts" });
    expect(exact.matches).toHaveLength(1);
  });

  it("stops at the limit and says the results were truncated", async () => {
    const r = await callTool("search_files", { pattern: "TODO", path: root, limit: 2 });
    expect(r.matches).toHaveLength(2);
    expect(r.truncated).toBe(true);
    expect(r.hint).toMatch(/truncated at 2 matches/);
  });

  it("caps the limit at 1000", async () => {
    const dir = await tempDir();
    await writeFile(join(dir, "many.txt"), "hit\n".repeat(1500));
    const r = await callTool("search_files", { pattern: "hit", path: dir, limit: 5000 });
    expect(r.matches).toHaveLength(1000);
    expect(r.truncated).toBe(true);
    expect(r.hint).toMatch(/capped at 1000/);
  });

  it("searches a single file when path is a file", async () => {
    const r = await callTool("search_files", { pattern: "const", path: join(root, "src", "deep", "b.ts") });
    expect(r.matches).toEqual([`${join(root, "src", "deep", "b.ts")}:2:const b = 2; // TODO b`]);
  });

  it("reports an invalid regex clearly", async () => {
    const r = await callTool("search_files", { pattern: "foo(", path: root });
    expect(r.error).toMatch(/Invalid regular expression "foo\("/);
  });

  it("reports a missing path, and a missing pattern", async () => {
    expect((await callTool("search_files", { pattern: "x", path: join(root, "nope") })).error).toMatch(/Search path not found/);
    expect((await callTool("search_files", { path: root })).error).toMatch(/"pattern" is required/);
  });
});

describe("search_files progress", () => {
  it("reports how far a search over many files has come", async () => {
    const many = await tempDir();
    await Promise.all(Array.from({ length: 150 }, (_, i) => writeFile(join(many, `f${i}.txt`), `line ${i}\nneedle ${i}\n`)));
    const updates: ToolProgress[] = [];
    const r = await callTool("search_files", { pattern: "needle", path: many, limit: 1000 }, { progress: (update) => updates.push(update) });
    expect(r.match_count).toBe(150);
    expect(updates.length).toBeGreaterThanOrEqual(1);
    expect(updates[0]!.progress).toBeGreaterThan(0);
    expect(updates[0]!.message).toMatch(/searched \d+ files, \d+ matches so far/);
  });
});
