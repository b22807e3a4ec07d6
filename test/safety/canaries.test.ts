/** Obfuscated deletes through the terminal tool with no approval callback: nothing runs, the canaries stay. */
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "../../src/tools/terminal.js";
import { callTool, removeTempDirs, resetSandbox, tempDir, useSandbox } from "../tools/tool-harness.js";

// The guard's strict mode, as where no sandbox runs: sandboxed, asks the sandbox contains are dropped.
beforeAll(() => useSandbox({ mode: "off" }));
afterAll(async () => {
  await resetSandbox();
  await removeTempDirs();
});

const b64 = Buffer.from("rm -rf victim\n").toString("base64");
const OBFUSCATED = [
  "X=rm; $X -rf victim",
  "r''m -rf victim",
  "$'\\x72\\x6d' -rf victim",
  "rm${IFS}-rf${IFS}victim",
  `echo ${b64} | base64 -d | sh`,
  "python3 -c 'import shutil; shutil.rmtree(\"victim\")'",
  "node -e \"require('fs').rmSync('victim', { recursive: true })\"",
  "find victim -delete",
  "bash -c 'rm -rf victim'",
  "ls -d victim | xargs rm -r",
  "eval 'rm -rf victim'",
  "$(echo rm) -rf victim",
  "ｒｍ -rf victim",
  "r\\m -rf vic{tim,x}",
  "git clean -fdx",
  "cat <<EOF | sh\nrm -rf victim\nEOF",
];

describe("terminal without an approval callback", () => {
  it.each(OBFUSCATED)("%s answers approval_required and leaves the canary", async (command) => {
    const work = await tempDir("quiver-canary-");
    await mkdir(join(work, "victim", "deep"), { recursive: true });
    await writeFile(join(work, "victim", "deep", "canary"), "x");
    const result = await callTool("terminal", { command, workdir: work });
    expect(result.error_type).toBe("approval_required");
    expect(existsSync(join(work, "victim", "deep", "canary"))).toBe(true);
  });
});
