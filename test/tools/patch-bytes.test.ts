/**
 * patch on files that are not valid UTF-8 (finding 4 of issue 10): every byte outside the
 * replaced text is kept as it was. A Latin-1 0xE9 used to come back as EF BF BD.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, removeTempDirs, tempDir } from "./tool-harness.js";

beforeAll(async () => {
  await import("../../src/tools/patch.js");
});
afterAll(removeTempDirs);

async function fileWithBytes(bytes: Buffer): Promise<string> {
  const path = join(await tempDir("quiver-patch-bytes-"), "legacy.txt");
  await writeFile(path, bytes);
  return path;
}

const latin1 = (text: string): Buffer => Buffer.from(text, "latin1");

describe("patch keeps the bytes it does not replace", () => {
  it("edits a Latin-1 file without touching its other bytes", async () => {
    const path = await fileWithBytes(latin1("caf\xe9 = 1;\nna\xefve = 2;\nx = 3;\n"));
    const r = await callTool("patch", { path, old_string: "x = 3;", new_string: "x = 4;" });
    expect(r.replacements).toBe(1);
    expect(await readFile(path)).toEqual(latin1("caf\xe9 = 1;\nna\xefve = 2;\nx = 4;\n"));
  });

  it("replace_all over a file with invalid UTF-8 sequences and a BOM keeps them", async () => {
    const original = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), latin1("a\xff\xfe b\r\n\xc3 a b\r\n")]);
    const path = await fileWithBytes(original);
    const r = await callTool("patch", { path, old_string: "b", new_string: "bee", replace_all: true });
    expect(r.replacements).toBe(2);
    expect(await readFile(path)).toEqual(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), latin1("a\xff\xfe bee\r\n\xc3 a bee\r\n")]));
  });

  it("refuses old_string holding U+FFFD (an undecodable byte as read_file shows it), and leaves the file alone", async () => {
    const original = latin1("caf\xe9 = 1;\n");
    const path = await fileWithBytes(original);
    const r = await callTool("patch", { path, old_string: "caf\uFFFD = 1;", new_string: "cafe = 1;" });
    expect(r.error).toMatch(/not valid UTF-8/);
    expect(r.error).toMatch(/U\+FFFD/);
    expect(await readFile(path)).toEqual(original);
  });

  it("says so when it writes UTF-8 text into a file that is not UTF-8", async () => {
    const path = await fileWithBytes(latin1("name = caf\xe9\nx = 1\n"));
    const r = await callTool("patch", { path, old_string: "x = 1", new_string: "x = \u00e9" });
    expect(r.warning).toMatch(/not valid UTF-8/);
    expect(await readFile(path)).toEqual(Buffer.concat([latin1("name = caf\xe9\nx = "), Buffer.from("\u00e9\n", "utf8")]));
  });
});
