/**
 * What `npm ci` and `npm i quiver` install: no node-llama-cpp build (CUDA, Vulkan, other
 * architectures: ~700 MB, installed on first use by `quiver models runtime` instead), and no
 * install script that npm 11's allowScripts does not cover.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  files: string[];
  allowScripts?: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as {
  packages: Record<string, { hasInstallScript?: boolean; version?: string }>;
};
const installed = Object.entries(lock.packages).filter(([path]) => path !== "");
const nameOf = (path: string): string => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);

describe("the install footprint", () => {
  it("no node-llama-cpp, none of its builds and no tree-sitter-bash in the lock", () => {
    const heavy = installed.map(([path]) => nameOf(path)).filter((name) => /^(@node-llama-cpp\/|node-llama-cpp$|tree-sitter-bash$)/.test(name));
    expect(heavy).toEqual([]);
  });

  it("every package with an install script is decided in allowScripts", () => {
    const decided = new Set(Object.keys(pkg.allowScripts ?? {}).map((key) => key.replace(/(.)@.*$/, "$1")));
    const scripted = installed.filter(([, entry]) => entry.hasInstallScript === true).map(([path]) => nameOf(path));
    expect(scripted.length).toBeGreaterThan(0);
    expect(scripted.filter((name) => !decided.has(name))).toEqual([]);
  });

  it("the bash grammar ships with the package", () => {
    expect(pkg.files).toContain("vendor");
    expect(existsSync(join(root, "vendor/tree-sitter-bash/tree-sitter-bash.wasm"))).toBe(true);
    expect(existsSync(join(root, "vendor/tree-sitter-bash/LICENSE"))).toBe(true);
  });
});
