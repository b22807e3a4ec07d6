/**
 * On Node 22.1+, the CLI keeps V8's compile cache of its modules in $QUIVER_HOME/cache/compile
 * (src/cli/main.ts); on Node 20, which has none, it writes nothing there and still runs.
 */
import { existsSync, readdirSync } from "node:fs";
import module from "node:module";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli, tempHome } from "../helpers/cli.js";

const { home, cleanup } = tempHome("quiver-compile-cache-");
afterAll(cleanup);
const supported = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === "function";

describe("the compile cache", () => {
  it(`is ${supported ? "written under $QUIVER_HOME/cache/compile" : "not written (this Node has none)"} by a command, which still runs`, async () => {
    const run = await runCli(["tools", "list"], { QUIVER_HOME: home });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("read_file");
    const dir = join(home, "cache", "compile");
    if (!supported) {
      expect(existsSync(dir)).toBe(false);
      return;
    }
    expect(readdirSync(dir, { recursive: true }).length).toBeGreaterThan(0);
  });
});
