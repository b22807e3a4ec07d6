import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registry } from "../../src/registry/index.js";
import { callTool, removeTempDirs, tempDir, useHome } from "./tool-harness.js";

let dir: string;
let big: string;

beforeAll(async () => {
  await import("../../src/tools/read-file.js");
  dir = await tempDir();
  big = join(dir, "big.txt");
  await writeFile(big, Array.from({ length: 1200 }, (_, i) => `line ${i + 1}`).join("\n") + "\n");
});
afterAll(removeTempDirs);

describe("read_file", () => {
  it("is a read-only file tool whose results are never spilled", () => {
    const entry = registry.getEntry("read_file");
    expect(entry?.toolset).toBe("file");
    expect(entry?.readOnly).toBe(true);
    expect(entry?.maxResultSizeChars).toBe(Infinity);
  });

  it("returns the first 500 lines as N|text with the total and a next-offset hint", async () => {
    const r = await callTool("read_file", { path: big });
    expect(r.path).toBe(big);
    expect(r.total_lines).toBe(1200);
    expect(r.offset).toBe(1);
    expect(r.lines_returned).toBe(500);
    expect(r.truncated).toBe(true);
    expect(r.next_offset).toBe(501);
    expect(r.hint).toMatch(/offset=501/);
    const lines = r.content.split("\n");
    expect(lines).toHaveLength(500);
    expect(lines[0]).toBe("1|line 1");
    expect(lines[499]).toBe("500|line 500");
  });

  it("pages with offset and limit, and stops hinting at the end", async () => {
    const middle = await callTool("read_file", { path: big, offset: 10, limit: 3 });
    expect(middle.content).toBe("10|line 10\n11|line 11\n12|line 12");
    expect(middle.next_offset).toBe(13);
    const end = await callTool("read_file", { path: big, offset: 1101, limit: 500 });
    expect(end.lines_returned).toBe(100);
    expect(end.content.split("\n").at(-1)).toBe("1200|line 1200");
    expect(end.truncated).toBe(false);
    expect(end.next_offset).toBeUndefined();
    expect(end.hint).toBeUndefined();
  });

  it("caps limit at 2000 lines and says so", async () => {
    const path = join(dir, "long.txt");
    await writeFile(path, "x\n".repeat(2500));
    const r = await callTool("read_file", { path, limit: 5000 });
    expect(r.lines_returned).toBe(2000);
    expect(r.next_offset).toBe(2001);
    expect(r.hint).toMatch(/capped at 2000/);
  });

  it("counts a last line without a newline, drops CR of CRLF lines, and keeps empty lines", async () => {
    const path = join(dir, "crlf.txt");
    await writeFile(path, "a\r\n\r\nb");
    const r = await callTool("read_file", { path });
    expect(r.total_lines).toBe(3);
    expect(r.content).toBe("1|a\n2|\n3|b");
  });

  it("reads an empty file as zero lines", async () => {
    const path = join(dir, "empty.txt");
    await writeFile(path, "");
    const r = await callTool("read_file", { path });
    expect(r).toMatchObject({ content: "", total_lines: 0, lines_returned: 0, truncated: false });
    expect(r.hint).toMatch(/empty/);
  });

  it("refuses an offset past the end", async () => {
    const r = await callTool("read_file", { path: big, offset: 5000 });
    expect(r.error).toMatch(/offset 5000 is past the end .* 1200 lines/);
  });

  it("refuses bad offset and limit values", async () => {
    expect((await callTool("read_file", { path: big, offset: 0 })).error).toMatch(/"offset" must be at least 1/);
    expect((await callTool("read_file", { path: big, limit: 1.5 })).error).toMatch(/"limit" must be a whole number/);
    expect((await callTool("read_file", {})).error).toMatch(/"path" is required/);
  });

  it("resolves relative paths against the working directory and expands ~", async () => {
    const home = await tempDir();
    await writeFile(join(home, "notes.txt"), "from home\n");
    const restore = useHome(home);
    try {
      expect((await callTool("read_file", { path: "~/notes.txt" })).content).toBe("1|from home");
    } finally {
      restore();
    }
    const before = process.cwd();
    process.chdir(dir);
    try {
      expect((await callTool("read_file", { path: "big.txt", limit: 1 })).content).toBe("1|line 1");
    } finally {
      process.chdir(before);
    }
  });

  it("refuses binary files", async () => {
    const path = join(dir, "image.bin");
    await writeFile(path, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]));
    const r = await callTool("read_file", { path });
    expect(r.error).toMatch(/binary file/);
  });

  it.each(["/dev/null", "/dev/zero"])("refuses the device %s", async (path) => {
    const r = await callTool("read_file", { path });
    expect(r.error).toMatch(/device files/);
  });

  it("refuses a FIFO as not a regular file", async () => {
    const path = join(dir, "fifo");
    execFileSync("mkfifo", [path]);
    const r = await callTool("read_file", { path });
    expect(r.error).toMatch(/FIFO .*not a regular file/);
  });

  it("refuses a directory", async () => {
    const sub = join(dir, "folder");
    await mkdir(sub);
    const r = await callTool("read_file", { path: sub });
    expect(r.error).toMatch(/is a directory/);
  });

  it("reports a missing file and suggests search_files", async () => {
    const r = await callTool("read_file", { path: join(dir, "missing.txt") });
    expect(r.error).toMatch(/File not found/);
    expect(r.error).toMatch(/search_files/);
  });

  it("refuses a window over 100 000 chars, advising a smaller limit", async () => {
    const path = join(dir, "wide.txt");
    await writeFile(path, Array.from({ length: 40 }, () => "w".repeat(5000)).join("\n"));
    const r = await callTool("read_file", { path });
    expect(r.error).toMatch(/over the 100000-char limit/);
    expect(r.error).toMatch(/limit=\d+/);
    const narrow = await callTool("read_file", { path, limit: 10 });
    expect(narrow.lines_returned).toBe(10);
    expect(narrow.next_offset).toBe(11);
  });

  it("refuses a single line over the limit, pointing elsewhere", async () => {
    const path = join(dir, "minified.js");
    await writeFile(path, "a\n" + "m".repeat(150_000) + "\nz\n");
    const r = await callTool("read_file", { path, offset: 2, limit: 1 });
    expect(r.error).toMatch(/single line there is 150000 chars/);
    expect((await callTool("read_file", { path, offset: 3 })).content).toBe("3|z");
  });
});
