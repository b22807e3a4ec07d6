// End to end against the built package (dist/, built by `npm test` before vitest runs): each
// scenario runs in a fresh `node` process, so module caches and parser loading are real.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadProjectTools } from "../../src/registry/user-tools.js";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const dist = (rel: string) => pathToFileURL(join(repo, "dist", rel)).href;

let dir: string;

beforeAll(() => {
  for (const rel of ["registry/discovery/discovery.js", "registry/user-tools.js", "index.js"]) {
    if (!existsSync(join(repo, "dist", rel))) throw new Error(`dist/${rel} is missing: run \`npx tsc -p tsconfig.json\` (npm test does) first`);
  }
});

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "quiver-dist-"));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function writeIn(rel: string, text: string): string {
  const path = join(dir, rel);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
  return path;
}

/** Runs an ES module script in a fresh node with QUIVER_HOME = dir/home; returns its JSON output. */
function runNode(script: string): Record<string, unknown> {
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: dir,
    env: { ...process.env, QUIVER_HOME: join(dir, "home"), QUIVER_LOG_LEVEL: "error" },
    encoding: "utf8",
  });
  return JSON.parse(out) as Record<string, unknown>;
}

describe("warm discovery", () => {
  it("loads no parser at all in a fresh process once verdicts are cached", () => {
    const tools = join(dir, "tools");
    // A non-ASCII name makes the fast scanner defer to TypeScript on the cold run.
    writeIn("tools/needs-parser.ts", 'import { registry } from "quiver";\nconst café = 1;\nregistry.register({ name: "c", toolset: "t", schema: {}, handler: () => String(café) });\n');
    writeIn("tools/plain.ts", 'import { registry } from "quiver";\nregistry.register({ name: "p", toolset: "t", schema: {}, handler: () => "" });\n');
    writeIn("tools/helper.ts", "export const x = 1;\n");
    const script = `
      import { createRequire } from "node:module";
      const d = await import(${JSON.stringify(dist("registry/discovery/discovery.js"))});
      const paths = await d.discoverTools(${JSON.stringify(tools)}, { importModule: async () => {} });
      const loaded = Object.keys(createRequire(import.meta.url).cache).some((k) => k.includes("/node_modules/typescript/"));
      process.stdout.write(JSON.stringify({ paths, stats: d.getDiscoveryStats(), typescriptInRequireCache: loaded }));
    `;
    const cold = runNode(script);
    expect(cold.paths).toEqual([join(tools, "needs-parser.ts"), join(tools, "plain.ts")]);
    expect(cold.stats).toMatchObject({ filesRead: 3, parsedWithTypeScript: 1, typescriptLoads: 1 });
    expect(cold.typescriptInRequireCache).toBe(true);

    const warm = runNode(script);
    expect(warm.paths).toEqual(cold.paths);
    expect(warm.stats).toMatchObject({ filesRead: 0, scanned: 0, parsedWithTypeScript: 0, typescriptLoads: 0 });
    expect(warm.typescriptInRequireCache).toBe(false);
  });
});

describe("user tools", () => {
  it.each([
    ["a directory", "home/tools"],
    ["a symlink to a directory", "real-tools"],
  ])("loads TypeScript and JavaScript tools from $QUIVER_HOME/tools (%s) into the running quiver", (_what, toolsRel) => {
    if (toolsRel !== "home/tools") {
      mkdirSync(join(dir, "home"), { recursive: true });
      symlinkSync(join(dir, toolsRel), join(dir, "home", "tools"));
    }
    const write = (rel: string, text: string) => writeIn(rel.replace(/^home\/tools/, toolsRel), text);
    write("home/tools/hello.ts", [
      'import { registry } from "quiver";',
      'import * as quiver from "quiver";',
      'import { suffix } from "./lib/suffix.js";',
      "interface Args { who?: string }",
      "const greet = (args: Args): string => `hello ${args.who ?? \"you\"}${suffix}`;",
      "(globalThis as Record<string, unknown>).userToolQuiver = quiver;",
      'registry.register({ name: "hello_user", toolset: "user", schema: { name: "hello_user", description: "Greets" }, handler: (args) => greet(args as Args) });',
      "",
    ].join("\n"));
    write("home/tools/lib/suffix.ts", 'export const suffix: string = "!";\n');
    write("home/tools/a-plain.mjs", 'import { registry } from "quiver";\nregistry.register({ name: "plain_user", toolset: "user", schema: { name: "plain_user" }, handler: () => "plain" });\n');
    write("home/tools/pkg/tool.ts", 'import { registry } from "quiver";\nregistry.register({ name: "pkg_user", toolset: "user", schema: { name: "pkg_user" }, handler: () => "pkg" });\n');
    write("home/tools/broken.mjs", 'import { registry } from "quiver";\nif (globalThis) throw new Error("broken tool");\nregistry.register({ name: "never", toolset: "user", schema: {}, handler: () => "" });\n');
    const out = runNode(`
      const { loadUserTools } = await import(${JSON.stringify(dist("registry/user-tools.js"))});
      const loaded = await loadUserTools();
      const quiver = await import(${JSON.stringify(dist("index.js"))});
      process.stdout.write(JSON.stringify({
        loaded: loaded.map((p) => p.slice(${JSON.stringify(join(dir, "home", "tools"))}.length + 1)),
        user: quiver.registry.getToolNamesForToolset("user"),
        sameQuiver: globalThis.userToolQuiver?.ToolRegistry === quiver.ToolRegistry,
        greeting: await quiver.registry.dispatch("hello_user", { who: "Ada" }),
      }));
    `);
    expect(out.loaded).toEqual(["a-plain.mjs", "hello.ts", "pkg/tool.ts"]);
    expect(out.user).toEqual(["hello_user", "pkg_user", "plain_user"]);
    expect(out.sameQuiver).toBe(true);
    expect(out.greeting).toBe("hello Ada!");
  });
});

describe("project tools", () => {
  it("are not even looked at without an opt-in, and load with one", async () => {
    const tools = join(dir, ".quiver", "tools");
    writeIn(".quiver/tools/proj.ts", 'import { registry } from "quiver";\nregistry.register({ name: "proj", toolset: "p", schema: {}, handler: () => "" });\n');
    const seen: string[] = [];
    const importModule = async (p: string) => void seen.push(p);
    expect(await loadProjectTools(dir, { importModule, cacheFile: false })).toEqual([]);
    expect(await loadProjectTools(dir, { importModule, cacheFile: false, optIn: false })).toEqual([]);
    expect(seen).toEqual([]);
    expect(await loadProjectTools(dir, { importModule, cacheFile: false, optIn: true })).toEqual([join(tools, "proj.ts")]);
    expect(seen).toEqual([join(tools, "proj.ts")]);
  });
});
