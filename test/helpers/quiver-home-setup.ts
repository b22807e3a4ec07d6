/**
 * Every test file starts with its own empty $QUIVER_HOME, whatever the developer's environment
 * says: in-process code that writes there (MCP pins, caches) never touches a real home, and
 * what the guard protects ($QUIVER_HOME) is the same on every machine. A test that needs
 * another home sets it itself. Removed after the file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

const home = mkdtempSync(join(tmpdir(), "quiver-test-home-"));
process.env.QUIVER_HOME = home;
afterAll(() => rmSync(home, { recursive: true, force: true }));
