/**
 * Every test file gets its own $QUIVER_HOME unless it sets one: in-process code that writes
 * there (MCP pins, caches) never touches the developer's ~/.quiver, and no run sees another's.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

if (process.env.QUIVER_HOME === undefined || process.env.QUIVER_HOME === "") {
  process.env.QUIVER_HOME = mkdtempSync(join(tmpdir(), "quiver-test-home-"));
}
