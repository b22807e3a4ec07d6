import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  EXCLUDED_TOOL_MODULE_NAMES,
  MCP_BRIDGE_MODULE_NAME,
  defaultDiscoveryCacheFile,
  discoverTools,
  getDiscoveryStats,
  isToolModuleFileName,
  listToolCandidates,
  moduleRegistersTools,
} from "../../src/registry/discovery/discovery.js";
import { warmIndexFile, writeWarmIndex } from "../../src/registry/discovery/warm-index.js";
import { addLogSink, type LogRecord } from "../../src/registry/logger.js";

const REGISTERS = `import { registry } from "../registry/index.js";
registry.register({ name: "t", toolset: "x", schema: { name: "t" }, handler: () => "ok" });
`;
const HELPER = `import { registry } from "../registry/index.js";
// Helpers for tools; registry.register() is called by the tool files.
export function format(x: unknown): string {
  return String(x);
}
`;
const IN_FUNCTION = `import { registry } from "../registry/index.js";
export function install() {
  registry.register({ name: "late", toolset: "x", schema: {}, handler: () => "" });
}
`;
const FOR_OF = `import { registry } from "../registry/index.js";
const names = ["a", "b"];
for (const name of names) {
  registry.register({ name, toolset: "x", schema: { name }, handler: () => name });
}
`;
const SYNTAX_ERROR = `import { registry } from "../registry/index.js";
registry.register({ name: "broken", toolset: "x", schema: {}, handler: () => "" ;
`;

let dir: string;
let home: string;
let savedHome: string | undefined;
let logs: LogRecord[];
let removeSink: () => void;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "quiver-discovery-"));
  home = join(dir, "home");
  savedHome = process.env.QUIVER_HOME;
  process.env.QUIVER_HOME = home;
  logs = [];
  removeSink = addLogSink((r) => {
    if (r.scope === "discovery") logs.push(r);
  });
});

afterEach(() => {
  removeSink();
  if (savedHome === undefined) delete process.env.QUIVER_HOME;
  else process.env.QUIVER_HOME = savedHome;
  rmSync(dir, { recursive: true, force: true });
});

function write(rel: string, text: string): string {
  const path = join(dir, "tools", rel);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
  return path;
}

const toolsDir = () => join(dir, "tools");

/** An importModule that records what discovery would import. */
function recorder(): { seen: string[]; importModule: (p: string) => Promise<unknown> } {
  const seen: string[] = [];
  return { seen, importModule: async (p) => void seen.push(p) };
}

describe("moduleRegistersTools", () => {
  it("is true for a module that registers at its top level", () => {
    expect(moduleRegistersTools(write("a.ts", REGISTERS))).toBe(true);
  });

  it("is false for a helper module that only mentions the registry", () => {
    expect(moduleRegistersTools(write("helper.ts", HELPER))).toBe(false);
  });

  it("is false for a module that registers only inside a function", () => {
    expect(moduleRegistersTools(write("late.ts", IN_FUNCTION))).toBe(false);
  });

  it("is true for a module that registers from a top-level for…of", () => {
    expect(moduleRegistersTools(write("loop.ts", FOR_OF))).toBe(true);
  });

  it("is false for a module with neither word (the prefilter)", () => {
    expect(moduleRegistersTools(write("plain.js", "export const x = 1;\n"))).toBe(false);
  });

  it("gives false and a warning naming the file for a syntax error", () => {
    const path = write("broken.ts", SYNTAX_ERROR);
    expect(moduleRegistersTools(path)).toBe(false);
    const warning = logs.find((r) => r.level === "warn");
    expect(warning?.message).toContain(path);
    expect(warning?.message).toMatch(/expected/i);
  });

  it("handles .mts, .js and .mjs alike", () => {
    for (const ext of [".mts", ".js", ".mjs"]) expect(moduleRegistersTools(write(`m${ext}`, REGISTERS))).toBe(true);
  });

  it("gives false and a warning for a file that cannot be read", () => {
    expect(moduleRegistersTools(join(dir, "missing.ts"))).toBe(false);
    expect(logs.some((r) => r.level === "warn" && r.message.includes("missing.ts"))).toBe(true);
  });
});

describe("candidates", () => {
  it("lists dir/*.{ts,mts,js,mjs} and dir/*/tool.*, sorted, without the excluded names", () => {
    for (const name of ["b.ts", "a.js", "c.mts", "d.mjs", "x.ts", "x.js", "pkg/tool.ts", "pkg/other.ts", "deep/pkg/tool.ts"]) write(name, "");
    for (const name of ["index.ts", "registry.js", "mcp-tool.ts", "mcp_tool.mts", "types.d.ts", "a.test.ts", "b.spec.mjs", "notes.md", "x.js.map", ".hidden.ts"]) {
      write(name, REGISTERS);
    }
    write("node_modules/tool.js", REGISTERS);
    const root = toolsDir();
    expect(listToolCandidates(root)).toEqual(["a.js", "b.ts", "c.mts", "d.mjs", "pkg/tool.ts", "x.js", "x.ts"].map((n) => join(root, n)));
  });

  it("exports the excluded names, the MCP bridge among them", () => {
    expect(MCP_BRIDGE_MODULE_NAME).toBe("mcp-tool");
    expect(EXCLUDED_TOOL_MODULE_NAMES).toEqual(expect.arrayContaining(["index", "registry", "mcp-tool"]));
    expect(isToolModuleFileName("mcp-tool.js")).toBe(false);
    expect(isToolModuleFileName("mcp_tool.ts")).toBe(false);
    expect(isToolModuleFileName("terminal.js")).toBe(true);
    expect(isToolModuleFileName("tool.d.mts")).toBe(false);
  });
});

describe("discoverTools", () => {
  it("imports, in sorted order, exactly the modules that register (packages included)", async () => {
    write("b.ts", REGISTERS);
    write("a.ts", FOR_OF);
    write("helper.ts", HELPER);
    write("late.ts", IN_FUNCTION);
    write("pkg/tool.ts", REGISTERS);
    write("mcp-tool.ts", REGISTERS);
    write("index.ts", REGISTERS);
    write("registry.ts", REGISTERS);
    write("types.d.ts", REGISTERS);
    write("b.test.ts", REGISTERS);
    const { seen, importModule } = recorder();
    const root = toolsDir();
    const imported = await discoverTools(root, { importModule });
    const expected = ["a.ts", "b.ts", "pkg/tool.ts"].map((n) => join(root, n));
    expect(seen).toEqual(expected);
    expect(imported).toEqual(expected);
  });

  it("really imports a .mjs tool, which runs its top level", async () => {
    const key = `quiverDiscoveryTest${process.pid}${Date.now()}`;
    write("real.mjs", `const registry = { register(o) { globalThis["${key}"] = o.name; } };\nregistry.register({ name: "real" });\n`);
    const imported = await discoverTools(toolsDir());
    expect(imported).toEqual([join(toolsDir(), "real.mjs")]);
    expect((globalThis as Record<string, unknown>)[key]).toBe("real");
    delete (globalThis as Record<string, unknown>)[key];
  });

  it("logs and skips a module that throws on import; the others still load", async () => {
    const key = `quiverDiscoveryLoads${process.pid}${Date.now()}`;
    const mod = (name: string) => `const registry = { register(o) { (globalThis["${key}"] ??= []).push(o.name); } };\nregistry.register({ name: "${name}" });\n`;
    write("a.mjs", mod("a"));
    const bad = write("b.mjs", `${mod("b")}throw new Error("boom in b");\n`);
    write("c.mjs", mod("c"));
    const imported = await discoverTools(toolsDir());
    expect(imported).toEqual([join(toolsDir(), "a.mjs"), join(toolsDir(), "c.mjs")]);
    expect((globalThis as Record<string, unknown>)[key]).toEqual(["a", "b", "c"]);
    const error = logs.find((r) => r.level === "error");
    expect(error?.message).toContain(bad);
    expect(error?.message).toContain("boom in b");
    delete (globalThis as Record<string, unknown>)[key];
  });

  it("returns [] for a missing directory, with a debug log", async () => {
    expect(await discoverTools(join(dir, "nope"))).toEqual([]);
    expect(logs.some((r) => r.level === "debug" && r.message.includes("nope"))).toBe(true);
  });

  it("does not import a module with a syntax error, and warns", async () => {
    write("broken.ts", SYNTAX_ERROR);
    write("ok.ts", REGISTERS);
    const { seen, importModule } = recorder();
    await discoverTools(toolsDir(), { importModule });
    expect(seen).toEqual([join(toolsDir(), "ok.ts")]);
    expect(logs.some((r) => r.level === "warn" && r.message.includes("broken.ts"))).toBe(true);
  });
});

describe("verdict cache", () => {
  /** The marker of a cache whose verdicts know registerResource/registerPrompt (older ones' negatives are rejudged). */
  const JUDGED = { "judge:resources-prompts": true };
  /** The verdict entries (not the directory listings kept beside them, nor the judge marker). */
  function cacheEntries(file = defaultDiscoveryCacheFile()): Record<string, [number, number, boolean]> {
    const all = JSON.parse(readFileSync(file, "utf8")) as Record<string, [number, number, boolean]>;
    return Object.fromEntries(Object.entries(all).filter(([key]) => !key.startsWith("listing:") && !key.startsWith("judge:")));
  }

  /** Sets a whole-second mtime, which survives utimes round trips exactly. */
  function setMtime(path: string, seconds: number): void {
    utimesSync(path, seconds, seconds);
  }

  it("is written under $QUIVER_HOME/cache as path → [mtimeMs, size, verdict]", async () => {
    const a = write("a.ts", REGISTERS);
    const h = write("helper.ts", HELPER);
    await discoverTools(toolsDir(), recorder());
    const file = join(home, "cache", "tool-discovery-cache.json");
    expect(defaultDiscoveryCacheFile()).toBe(file);
    const entries = cacheEntries(file);
    expect(entries[a]).toEqual([statSync(a).mtimeMs, statSync(a).size, true]);
    expect(entries[h]).toEqual([statSync(h).mtimeMs, statSync(h).size, false]);
  });

  it("serves unchanged files from the cache without reading them", async () => {
    write("a.ts", REGISTERS);
    write("helper.ts", HELPER);
    await discoverTools(toolsDir(), recorder());
    const before = getDiscoveryStats();
    const { seen, importModule } = recorder();
    await discoverTools(toolsDir(), { importModule });
    expect(seen).toEqual([join(toolsDir(), "a.ts")]);
    expect(getDiscoveryStats().filesRead).toBe(before.filesRead);
    expect(getDiscoveryStats().scanned).toBe(before.scanned);
  });

  it("keys on (mtime, size): new content under the old mtime and size is not re-read", async () => {
    const a = write("a.ts", REGISTERS);
    setMtime(a, 1_700_000_000);
    await discoverTools(toolsDir(), recorder());
    writeFileSync(a, "x".repeat(statSync(a).size)); // no longer registers, same size...
    setMtime(a, 1_700_000_000); // ...and the same mtime
    const { seen, importModule } = recorder();
    await discoverTools(toolsDir(), { importModule });
    expect(seen).toEqual([a]); // the stale verdict proves the cache answered
  });

  it("rescans a file whose mtime or size changed", async () => {
    const a = write("a.ts", REGISTERS);
    const h = write("helper.ts", HELPER);
    setMtime(h, 1_700_000_000);
    await discoverTools(toolsDir(), recorder());
    writeFileSync(a, HELPER + "\n"); // a new size
    writeFileSync(h, REGISTERS.padEnd(HELPER.length, " ")); // the same size...
    setMtime(h, 1_700_000_005); // ...and a new mtime
    const { seen, importModule } = recorder();
    await discoverTools(toolsDir(), { importModule });
    expect(seen).toEqual([h]);
    expect(cacheEntries()[a]?.[2]).toBe(false);
    expect(cacheEntries()[h]?.[2]).toBe(true);
  });

  it("rescans everything when the cache file is corrupt, and rewrites it", async () => {
    const a = write("a.ts", REGISTERS);
    await discoverTools(toolsDir(), recorder());
    writeFileSync(defaultDiscoveryCacheFile(), "{ not json");
    const before = getDiscoveryStats().filesRead;
    const { seen, importModule } = recorder();
    await discoverTools(toolsDir(), { importModule });
    expect(seen).toEqual([a]);
    expect(getDiscoveryStats().filesRead).toBe(before + 1);
    expect(cacheEntries()[a]?.[2]).toBe(true);
  });

  it("rescans a corrupt entry and keeps the good ones", async () => {
    const a = write("a.ts", REGISTERS);
    const h = write("helper.ts", HELPER);
    await discoverTools(toolsDir(), recorder());
    const entries = cacheEntries();
    writeFileSync(defaultDiscoveryCacheFile(), JSON.stringify({ ...JUDGED, ...entries, [a]: ["soon", 1] }));
    const before = getDiscoveryStats().filesRead;
    const { seen, importModule } = recorder();
    await discoverTools(toolsDir(), { importModule });
    expect(seen).toEqual([a]);
    expect(getDiscoveryStats().filesRead).toBe(before + 1);
    expect(cacheEntries()[h]).toEqual(entries[h]);
  });

  it("drops files that vanished, and keeps other directories' entries", async () => {
    const a = write("a.ts", REGISTERS);
    const b = write("b.ts", REGISTERS);
    const other = join(dir, "other", "x.ts");
    await discoverTools(toolsDir(), recorder());
    writeFileSync(defaultDiscoveryCacheFile(), JSON.stringify({ ...JUDGED, ...cacheEntries(), [other]: [1, 2, true] }));
    rmSync(b);
    const { seen, importModule } = recorder();
    await discoverTools(toolsDir(), { importModule });
    expect(seen).toEqual([a]);
    expect(Object.keys(cacheEntries()).sort()).toEqual([a, other].sort());
  });

  it("does not rewrite the cache when nothing changed", async () => {
    write("a.ts", REGISTERS);
    await discoverTools(toolsDir(), recorder());
    const file = defaultDiscoveryCacheFile();
    writeFileSync(file, `${readFileSync(file, "utf8")}\n`); // a marker a rewrite would remove
    await discoverTools(toolsDir(), recorder());
    expect(readFileSync(file, "utf8").endsWith("\n")).toBe(true);
  });

  it("honours cacheFile: a custom path, or false for none", async () => {
    const a = write("a.ts", REGISTERS);
    const custom = join(dir, "custom-cache.json");
    await discoverTools(toolsDir(), { ...recorder(), cacheFile: custom });
    expect(cacheEntries(custom)[a]?.[2]).toBe(true);
    await discoverTools(toolsDir(), { ...recorder(), cacheFile: false });
    expect(() => statSync(defaultDiscoveryCacheFile())).toThrow();
  });

  it("carries on when the cache cannot be written", async () => {
    const a = write("a.ts", REGISTERS);
    writeFileSync(join(dir, "blocker"), "a file where a directory should be");
    const { seen, importModule } = recorder();
    await discoverTools(toolsDir(), { importModule, cacheFile: join(dir, "blocker", "cache.json") });
    expect(seen).toEqual([a]);
    expect(logs.some((r) => r.level === "debug" && r.message.includes("could not write"))).toBe(true);
  });

  describe("the remembered listing (a warm start reads no directory)", () => {
    const OLD = Math.floor(Date.now() / 1000) - 60;
    const listingKey = (): string => `listing:${toolsDir()}`;
    const rawCache = (): Record<string, unknown> => JSON.parse(readFileSync(defaultDiscoveryCacheFile(), "utf8")) as Record<string, unknown>;

    it("is kept once the directories are older than the listing, and never hides a file added since", async () => {
      const a = write("a.ts", REGISTERS);
      setMtime(toolsDir(), OLD);
      await discoverTools(toolsDir(), recorder());
      expect(rawCache()[listingKey()]).toMatchObject({ files: [a] });
      const b = write("b.ts", REGISTERS); // moves the directory's mtime
      const { seen, importModule } = recorder();
      await discoverTools(toolsDir(), { importModule });
      expect(seen).toEqual([a, b]);
    });

    it("never hides a package's tool.ts written into a package folder that was already there", async () => {
      mkdirSync(join(toolsDir(), "pkg"), { recursive: true });
      setMtime(join(toolsDir(), "pkg"), OLD);
      setMtime(toolsDir(), OLD);
      await discoverTools(toolsDir(), recorder());
      const tool = write("pkg/tool.ts", REGISTERS); // moves pkg's mtime, not the tools directory's
      const { seen, importModule } = recorder();
      await discoverTools(toolsDir(), { importModule });
      expect(seen).toEqual([tool]);
    });

    it("is not believed when it names a module outside the tools directory", async () => {
      const a = write("a.ts", REGISTERS);
      setMtime(toolsDir(), OLD);
      await discoverTools(toolsDir(), recorder());
      const outside = join(dir, "elsewhere", "evil.ts");
      mkdirSync(join(dir, "elsewhere"));
      writeFileSync(outside, REGISTERS);
      const cache = rawCache();
      (cache[listingKey()] as { files: string[] }).files.push(outside);
      writeFileSync(defaultDiscoveryCacheFile(), JSON.stringify(cache));
      const { seen, importModule } = recorder();
      await discoverTools(toolsDir(), { importModule });
      expect(seen).toEqual([a]);
    });

    it("is not believed when a name climbs out of the tools directory with ..", async () => {
      const a = write("a.ts", REGISTERS);
      setMtime(toolsDir(), OLD);
      await discoverTools(toolsDir(), recorder());
      writeFileSync(join(dir, "evil.ts"), REGISTERS);
      const cache = rawCache();
      (cache[listingKey()] as { files: string[] }).files.push(`${toolsDir()}/../evil.ts`); // join would normalise the .. away
      writeFileSync(defaultDiscoveryCacheFile(), JSON.stringify(cache));
      const { seen, importModule } = recorder();
      await discoverTools(toolsDir(), { importModule });
      expect(seen).toEqual([a]);
    });

    it("is not kept for a tools directory with symlinks (retargeting one moves no mtime)", async () => {
      const target = join(dir, "real.ts");
      writeFileSync(target, REGISTERS);
      mkdirSync(toolsDir(), { recursive: true });
      symlinkSync(target, join(toolsDir(), "linked.ts"));
      setMtime(toolsDir(), OLD);
      await discoverTools(toolsDir(), recorder());
      expect(rawCache()[listingKey()]).toBeUndefined();
    });
  });

  describe("the warm index (a warm start parses no JSON)", () => {
    const OLD = Math.floor(Date.now() / 1000) - 60;
    /** Two modules, one registering, under directories old enough for the listing to be trusted. */
    async function warmed(): Promise<{ a: string; h: string }> {
      const a = write("a.ts", REGISTERS);
      const h = write("pkg/tool.ts", HELPER);
      setMtime(join(toolsDir(), "pkg"), OLD);
      setMtime(toolsDir(), OLD);
      await discoverTools(toolsDir(), recorder());
      return { a, h };
    }
    const jsonParses = (): number => getDiscoveryStats().cacheFilesParsed;

    it("answers an unchanged tools directory without parsing the JSON cache", async () => {
      const { a } = await warmed();
      const before = getDiscoveryStats();
      const { seen, importModule } = recorder();
      await discoverTools(toolsDir(), { importModule });
      expect(seen).toEqual([a]);
      expect(getDiscoveryStats()).toEqual(before);
    });

    it("obeys the JSON once it was edited, replaced or deleted", async () => {
      const { a, h } = await warmed();
      const file = defaultDiscoveryCacheFile();
      const edited = JSON.parse(readFileSync(file, "utf8")) as Record<string, [number, number, boolean]>;
      edited[a] = [edited[a]![0], edited[a]![1], false]; // a planted verdict under the file's own key
      edited[h] = [edited[h]![0], edited[h]![1], true];
      writeFileSync(file, JSON.stringify(edited));
      let parses = jsonParses();
      const planted = recorder();
      await discoverTools(toolsDir(), { importModule: planted.importModule });
      expect(planted.seen).toEqual([h]); // the JSON answered, not the index
      expect(jsonParses()).toBe(parses + 1);
      rmSync(file);
      parses = jsonParses();
      const read = getDiscoveryStats().filesRead;
      const fresh = recorder();
      await discoverTools(toolsDir(), { importModule: fresh.importModule });
      expect(fresh.seen).toEqual([a]);
      expect(getDiscoveryStats().filesRead).toBe(read + 2); // no cache at all: every module judged again
    });

    it("rejudges a module changed in place, and is rewritten so the next start is warm again", async () => {
      const { a, h } = await warmed();
      writeFileSync(h, REGISTERS.padEnd(HELPER.length + 3, " ")); // same directory mtimes, new size
      const first = recorder();
      await discoverTools(toolsDir(), { importModule: first.importModule });
      expect(first.seen).toEqual([a, h]);
      const before = getDiscoveryStats();
      const again = recorder();
      await discoverTools(toolsDir(), { importModule: again.importModule });
      expect(again.seen).toEqual([a, h]);
      expect(getDiscoveryStats()).toEqual(before);
    });

    it("is ignored when corrupt, truncated or about another directory", async () => {
      const { a } = await warmed();
      const file = warmIndexFile(defaultDiscoveryCacheFile(), toolsDir());
      const good = readFileSync(file);
      const other = join(dir, "other-tools");
      mkdirSync(other);
      for (const bad of [Buffer.from("garbage"), good.subarray(0, good.length - 9), Buffer.concat([good, Buffer.from("\0x")])]) {
        writeFileSync(file, bad);
        const { seen, importModule } = recorder();
        await discoverTools(toolsDir(), { importModule });
        expect(seen).toEqual([a]);
      }
      // A digest of this directory under the other's name: the root inside it does not match.
      await discoverTools(toolsDir(), recorder());
      writeFileSync(warmIndexFile(defaultDiscoveryCacheFile(), other), readFileSync(file));
      const { seen, importModule } = recorder();
      await discoverTools(other, { importModule });
      expect(seen).toEqual([]);
    });

    it("is not believed when it names a module outside the tools directory", async () => {
      const { a, h } = await warmed();
      const outside = join(dir, "evil.ts");
      writeFileSync(outside, REGISTERS);
      const st = (p: string): [number, number, boolean] => [statSync(p).mtimeMs, statSync(p).size, true];
      const listing = { at: Date.now(), dirs: [[toolsDir(), statSync(toolsDir()).mtimeMs] as [string, number]], files: [a, `${toolsDir()}/../evil.ts`, h] };
      writeWarmIndex(defaultDiscoveryCacheFile(), toolsDir(), listing, [st(a), st(outside), st(h)]);
      const { seen, importModule } = recorder();
      await discoverTools(toolsDir(), { importModule });
      expect(seen).toEqual([a]);
    });

    it("is not written while a module does not parse (its warning must come back)", async () => {
      write("broken.ts", SYNTAX_ERROR);
      await warmed();
      expect(existsSync(warmIndexFile(defaultDiscoveryCacheFile(), toolsDir()))).toBe(false);
    });

    it("is not written with cacheFile: false", async () => {
      write("a.ts", REGISTERS);
      setMtime(toolsDir(), OLD);
      await discoverTools(toolsDir(), { ...recorder(), cacheFile: false });
      expect(existsSync(join(home, "cache"))).toBe(false);
    });
  });

  it("does not memoise a syntax error, so the warning comes back until it is fixed", async () => {
    const broken = write("broken.ts", SYNTAX_ERROR);
    const ok = write("ok.ts", REGISTERS);
    await discoverTools(toolsDir(), recorder());
    await discoverTools(toolsDir(), recorder());
    expect(logs.filter((r) => r.level === "warn" && r.message.includes(broken))).toHaveLength(2);
    expect(Object.keys(cacheEntries())).toEqual([ok]);
  });
});
