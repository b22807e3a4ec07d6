/**
 * Package managers inside the sandbox: the home is read-only there, so their caches point into a
 * directory of the sandbox's own (never the user's ~/.npm or ~/.cache, which a command could poison).
 */
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sandboxCacheDir } from "../../src/sandbox/caches.js";
import { sandboxWorld, terminal, type SandboxWorld } from "./harness.js";

let world: SandboxWorld;
beforeEach(() => {
  world = sandboxWorld();
});
afterEach(() => world.cleanup());

describe("sandbox: package caches", () => {
  it("npm, pip and go write their caches in the sandbox's own directory, and the user's stay untouched", async () => {
    mkdirSync(join(world.home, ".npm"));
    const r = await terminal(
      {
        command:
          'for d in "$npm_config_cache" "$PIP_CACHE_DIR" "$GOCACHE" "$XDG_CACHE_HOME"; do mkdir -p "$d" && echo x > "$d/probe" || exit 1; done; ' +
          "npm config get cache; echo ok",
        workdir: world.project,
      },
      { approve: async () => "once" },
    );
    expect(r.exit_code, r.output).toBe(0);
    const dir = sandboxCacheDir();
    expect(dir.startsWith(world.home)).toBe(true);
    expect(r.output).toContain(join(dir, "npm"));
    for (const sub of ["npm", "pip", "go-build", "xdg"]) expect(existsSync(join(dir, sub, "probe")), sub).toBe(true);
    expect(readdirSync(join(world.home, ".npm"))).toEqual([]);
  });

  it("the cache is the only new writable place: the rest of the home stays read-only", async () => {
    const r = await terminal({ command: "touch ~/.cache/elsewhere; touch ~/.npm-owned", workdir: world.project }, { approve: async () => "once" });
    expect(r.output).toMatch(/Read-only file system/);
    expect(existsSync(join(world.home, ".npm-owned"))).toBe(false);
  });
});
