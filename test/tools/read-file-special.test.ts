/**
 * read_file on files that are not regular files, reached directly or through symlinks
 * (finding 9 of issue 10). They are refused before anything opens them: opening a FIFO blocks
 * until a writer comes, and a kernel pseudo-file such as /proc/kmsg blocks on read (and
 * consumes the kernel log as it goes), pinning a libuv thread past the tool's timeout.
 */
import { execFileSync } from "node:child_process";
import { symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, removeTempDirs, tempDir, type Json } from "./tool-harness.js";

let dir: string;

beforeAll(async () => {
  await import("../../src/tools/read-file.js");
  await import("../../src/tools/search-files.js");
  dir = await tempDir("quiver-special-");
  execFileSync("mkfifo", [join(dir, "fifo")]);
  await symlink(join(dir, "fifo"), join(dir, "link-to-fifo"));
  await symlink("/proc/kmsg", join(dir, "link-to-kmsg"));
  await symlink("/dev/zero", join(dir, "link-to-zero"));
});
afterAll(removeTempDirs);

/** The call, or a failure if it has not answered within 3 s (a hang is the bug). */
async function answered(name: string, args: Record<string, unknown>): Promise<Json> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} ${JSON.stringify(args)} did not answer within 3 s`)), 3_000);
  });
  try {
    return await Promise.race([callTool(name, args), hang]);
  } finally {
    clearTimeout(timer);
  }
}

describe("read_file refuses what is not a regular file", () => {
  it.each([
    ["/proc/kmsg", /kernel pseudo-file/],
    ["/proc/self/status", /kernel pseudo-file/],
    ["link-to-kmsg", /kernel pseudo-file/],
    ["link-to-fifo", /FIFO/],
    ["link-to-zero", /device/],
  ])("%s", async (path, reason) => {
    const r = await answered("read_file", { path: path.startsWith("/") ? path : join(dir, path) });
    expect(r.error).toMatch(/Refusing to open/);
    expect(r.error).toMatch(reason);
  });

  it("search_files passes over pseudo-files instead of blocking on them", async () => {
    const r = await answered("search_files", { pattern: "x", path: join(dir, "link-to-kmsg") });
    expect(r.files_searched).toBe(0);
  });
});
