#!/usr/bin/env node
/**
 * The `quiver` command's entry. On Node 22.1+ it first turns on V8's compile cache, kept in
 * $QUIVER_HOME/cache/compile, so a start after the first skips compiling quiver's modules
 * (measured ~10 ms of a 150 ms `tools call` on Node 22); then the command loads (program.ts).
 */
import { existsSync } from "node:fs";
import module from "node:module";
import { quiverPath } from "../registry/paths.js";

/** Node 20 has no compile cache: the call is skipped there. */
type WithCompileCache = { enableCompileCache?: (directory?: string) => unknown };

// Only once $QUIVER_HOME/cache exists (the first run that writes a cache makes it): Node's own
// recursive mkdir never returns for a QUIVER_HOME under /proc, and --version must not hang there.
const cache = quiverPath("cache");
if (existsSync(cache)) (module as WithCompileCache).enableCompileCache?.(`${cache}/compile`);

await import("./program.js");
