/** Side files written off the main thread (src/agent/background-write.ts): a session's meta file. */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { removeWritten, writeInBackground } from "../../src/agent/background-write.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "quiver-bgwrite-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Until the thread pool's writes have landed. */
async function settled(path: string, present: boolean): Promise<void> {
  for (let i = 0; i < 200 && existsSync(path) !== present; i++) await new Promise((r) => setTimeout(r, 5));
  await new Promise((r) => setTimeout(r, 20));
}

describe("writeInBackground", () => {
  it("writes the file 0600, making its directory 0700", async () => {
    const path = join(dir, "sessions", "s.meta.json");
    writeInBackground(path, '{"cwd":"/x"}\n', "test meta");
    await settled(path, true);
    expect(readFileSync(path, "utf8")).toBe('{"cwd":"/x"}\n');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, "sessions")).mode & 0o777).toBe(0o700);
  });

  it("leaves no file when it is removed while the write is in flight", async () => {
    const path = join(dir, "s.meta.json");
    writeInBackground(path, "{}\n", "test meta");
    removeWritten(path);
    await settled(path, false);
    expect(existsSync(path)).toBe(false);
  });

  it("still writes the file when the process exits before the write lands", () => {
    const path = join(dir, "exit.meta.json");
    const module = pathToFileURL(join(import.meta.dirname, "..", "..", "dist", "agent", "background-write.js")).href;
    const script = `const m = await import(${JSON.stringify(module)}); m.writeInBackground(${JSON.stringify(path)}, "kept\\n", "t"); process.exit(0);`;
    execFileSync(process.execPath, ["--input-type=module", "-e", script]);
    expect(readFileSync(path, "utf8")).toBe("kept\n");
  });
});
