/**
 * A copy of the built CLI whose node_modules holds everything but node-llama-cpp: quiver as `npm ci`
 * installs it now (the runtime comes later, from `quiver models runtime`).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

export function copyWithoutLlama(prefix: string): { dir: string; cli: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const entry of ["dist", "vendor", "package.json"]) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  mkdirSync(join(dir, "node_modules"));
  for (const entry of readdirSync(join(ROOT, "node_modules"))) {
    if (entry === "node-llama-cpp" || entry === "@node-llama-cpp") continue;
    symlinkSync(join(ROOT, "node_modules", entry), join(dir, "node_modules", entry));
  }
  return { dir, cli: join(dir, "dist/cli/main.js") };
}
