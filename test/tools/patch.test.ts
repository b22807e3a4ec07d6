import { readFile, writeFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registry } from "../../src/registry/index.js";
import { approver, callTool, removeTempDirs, tempDir, useHome } from "./tool-harness.js";

beforeAll(async () => {
  await import("../../src/tools/patch.js");
});
afterAll(removeTempDirs);

async function fileWith(content: string, name = "code.ts"): Promise<string> {
  const path = join(await tempDir(), name);
  await writeFile(path, content);
  return path;
}

describe("patch", () => {
  it("is a file tool", () => {
    expect(registry.getEntry("patch")?.toolset).toBe("file");
  });

  it("replaces a unique exact string", async () => {
    const path = await fileWith("const a = 1;\nconst b = 2;\n");
    const r = await callTool("patch", { path, old_string: "const b = 2;", new_string: "const b = 3;" });
    expect(r).toMatchObject({ path, replacements: 1 });
    expect(await readFile(path, "utf8")).toBe("const a = 1;\nconst b = 3;\n");
  });

  it("inserts new_string literally, $ patterns included", async () => {
    const path = await fileWith("price: X\n");
    await callTool("patch", { path, old_string: "X", new_string: "$& $1 $$" });
    expect(await readFile(path, "utf8")).toBe("price: $& $1 $$\n");
  });

  it("refuses an ambiguous match with the count, unless replace_all", async () => {
    const path = await fileWith("x = 1\nx = 1\nx = 1\n");
    const r = await callTool("patch", { path, old_string: "x = 1", new_string: "x = 2" });
    expect(r.error).toMatch(/matches 3 times/);
    expect(r.error).toMatch(/more surrounding context/);
    expect(await readFile(path, "utf8")).toBe("x = 1\nx = 1\nx = 1\n");
    const all = await callTool("patch", { path, old_string: "x = 1", new_string: "x = 2", replace_all: true });
    expect(all.replacements).toBe(3);
    expect(await readFile(path, "utf8")).toBe("x = 2\nx = 2\nx = 2\n");
  });

  it("reports no match, pointing at a whitespace difference when there is one", async () => {
    const path = await fileWith("function f() {\n\treturn 1;\n}\n");
    const none = await callTool("patch", { path, old_string: "return 2;", new_string: "return 3;" });
    expect(none.error).toMatch(/not found/);
    expect(none.error).toMatch(/read_file/);
    const spaces = await callTool("patch", { path, old_string: "{\n    return 1;", new_string: "{\n    return 2;" });
    expect(spaces.error).toMatch(/whitespace/);
  });

  it("points at CRLF line endings", async () => {
    const path = await fileWith("one\r\ntwo\r\n");
    const r = await callTool("patch", { path, old_string: "one\ntwo", new_string: "1\n2" });
    expect(r.error).toMatch(/CRLF/);
  });

  it("refuses an empty old_string, a no-op edit, a missing file, a directory and a binary file", async () => {
    const path = await fileWith("abc");
    expect((await callTool("patch", { path, old_string: "", new_string: "x" })).error).toMatch(/must not be empty.*write_file/);
    expect((await callTool("patch", { path, old_string: "a", new_string: "a" })).error).toMatch(/identical/);
    const missing = await callTool("patch", { path: path + ".nope", old_string: "a", new_string: "b" });
    expect(missing.error).toMatch(/File not found/);
    const dir = await tempDir();
    expect((await callTool("patch", { path: dir, old_string: "a", new_string: "b" })).error).toMatch(/is a directory/);
    const bin = join(dir, "blob");
    await writeFile(bin, Buffer.from([0x61, 0, 0x62]));
    expect((await callTool("patch", { path: bin, old_string: "a", new_string: "b" })).error).toMatch(/binary/);
    expect((await callTool("patch", { path, old_string: "a" })).error).toMatch(/"new_string" is required/);
  });

  it("asks before editing a sensitive path; deny keeps it, once edits it", async () => {
    const home = await tempDir("quiver-home-");
    const restore = useHome(home);
    try {
      const rc = join(home, ".bashrc");
      await writeFile(rc, "export A=1\n");
      const denied = approver("deny");
      const r = await callTool("patch", { path: "~/.bashrc", old_string: "A=1", new_string: "A=2" }, denied.ctx);
      expect(denied.calls).toEqual([expect.objectContaining({ tool: "patch", subject: rc, key: "write-shell-rc" })]);
      expect(r.error).toMatch(/denied/);
      expect(await readFile(rc, "utf8")).toBe("export A=1\n");

      expect((await callTool("patch", { path: rc, old_string: "A=1", new_string: "A=2" })).error).toMatch(/--yes/);

      const once = approver("once");
      await callTool("patch", { path: rc, old_string: "A=1", new_string: "A=2" }, once.ctx);
      expect(await readFile(rc, "utf8")).toBe("export A=2\n");

      await mkdir(join(home, "app"));
      await writeFile(join(home, "app", ".env"), "KEY=old\n");
      const env = approver("deny");
      await callTool("patch", { path: join(home, "app", ".env"), old_string: "old", new_string: "new" }, env.ctx);
      expect(env.calls[0]?.key).toBe("write-env");
    } finally {
      restore();
    }
  });

  it("does not ask when the edit would fail anyway", async () => {
    const home = await tempDir("quiver-home-");
    const restore = useHome(home);
    try {
      await writeFile(join(home, ".zshrc"), "a\n");
      const { calls, ctx } = approver("once");
      const r = await callTool("patch", { path: "~/.zshrc", old_string: "zzz", new_string: "y" }, ctx);
      expect(r.error).toMatch(/not found/);
      expect(calls).toEqual([]);
    } finally {
      restore();
    }
  });
});
