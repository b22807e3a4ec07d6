import { spawnSync } from "node:child_process";
import { withCaller } from "../../src/registry/caller.js";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lineWindowOfText, readLineWindow } from "../../src/tools/line-window.js";
import { readFileHandler } from "../../src/tools/read-file.js";
import { readSmallFile } from "../../src/tools/small-file.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "quiver-fast-read-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const read = async (path: string): Promise<Record<string, unknown>> => JSON.parse((await readFileHandler({ path }, withCaller({}))) as string) as Record<string, unknown>;

describe("read_file's small-file fast path", () => {
  it("answers like the full path, and sees edits", async () => {
    const file = join(dir, "notes.txt");
    writeFileSync(file, "one\r\ntwo\nthree");
    const first = await read(file); // full path: checks the device
    expect(readSmallFile(file)).toEqual({ binary: false, text: "one\r\ntwo\nthree" });
    expect(await read(file)).toEqual(first);
    expect(first.content).toBe("1|one\n2|two\n3|three");
    writeFileSync(file, "changed\n");
    expect((await read(file)).content).toBe("1|changed");
    writeFileSync(file, Buffer.from([104, 0, 105]));
    expect((await read(file)).error).toMatch(/binary/);
  });

  it("never takes what the full path refuses: a link to a kernel pseudo-file, a FIFO", async () => {
    writeFileSync(join(dir, "seed.txt"), "x\n");
    await read(join(dir, "seed.txt"));
    const link = join(dir, "status");
    symlinkSync("/proc/self/status", link);
    expect(readSmallFile(link)).toBeUndefined();
    expect((await read(link)).error).toMatch(/pseudo-file/);
    const fifo = join(dir, "pipe");
    if (spawnSync("mkfifo", [fifo]).status === 0) {
      expect(readSmallFile(fifo)).toBeUndefined();
      expect((await read(fifo)).error).toMatch(/not a regular file/);
    }
  });

  it("the in-memory window equals the streamed one", async () => {
    const file = join(dir, "prop.txt");
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: fc.constantFrom("a", "b", "\n", "\r", "é") }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), async (text, offset, limit) => {
        writeFileSync(file, text);
        expect(lineWindowOfText(text, offset, limit, 8)).toEqual(await readLineWindow(file, offset, limit, 8));
      }),
      { numRuns: 100 },
    );
  });
});
