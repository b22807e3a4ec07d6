/**
 * On Node 22.1+, the CLI keeps V8's compile cache of its modules in $QUIVER_HOME/cache/compile
 * (src/cli/main.ts), from the run after the one that made $QUIVER_HOME/cache; on Node 20, which
 * has none, it writes nothing there and still runs.
 */
import { existsSync, readdirSync } from "node:fs";
import module from "node:module";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli, startCli, tempHome } from "../helpers/cli.js";

const { home, cleanup } = tempHome("quiver-compile-cache-");
afterAll(cleanup);
const supported = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === "function";

describe("the compile cache", () => {
  it(`is ${supported ? "written under $QUIVER_HOME/cache/compile" : "not written (this Node has none)"}, and the commands run`, async () => {
    for (let run = 0; run < 2; run++) {
      const listed = await runCli(["tools", "list"], { QUIVER_HOME: home });
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toContain("read_file");
    }
    const dir = join(home, "cache", "compile");
    if (!supported) {
      expect(existsSync(dir)).toBe(false);
      return;
    }
    expect(readdirSync(dir, { recursive: true }).length).toBeGreaterThan(0);
  });

  it("never holds up a start whose $QUIVER_HOME cannot hold it (under /proc, where Node's mkdir never returns)", async () => {
    const started = startCli(["--version"], { QUIVER_HOME: "/proc/self/quiver-home-here" });
    const timer = setTimeout(() => started.child.kill("SIGKILL"), 10_000);
    const run = await started.done.finally(() => clearTimeout(timer));
    expect(run.signal, "killed after 10 s: the start hung").toBeNull();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^\d+\.\d+\.\d+/);
  }, 15_000);
});
