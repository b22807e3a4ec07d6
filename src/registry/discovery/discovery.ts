/**
 * Static tool discovery (docs/architecture.md, "A tool's life"): find the modules of a tools directory that register tools
 * at their top level, decided by reading them (never by importing them), then import exactly
 * those, in sorted order.
 *
 * A verdict costs a text prefilter, then the lexer-level scanner of scanner.ts; only
 * when the scanner is unsure does TypeScript's parser (loaded on demand) decide. Verdicts are
 * memoised on disk by (mtime, size), so a warm discovery reads no module and loads no parser.
 */
import { closeSync, fstatSync, openSync, readdirSync, readSync, statSync, type Dirent, type Stats } from "node:fs";
import { resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { VerdictCache, type ToolDirListing, type VerdictCacheEntry } from "./cache.js";
import { scanTopLevel } from "./scanner.js";
import { registersToolsByTypeScript, typescriptLoadCount } from "./typescript.js";
import { readWarmIndex, writeWarmIndex } from "./warm-index.js";
import { createLogger } from "../logger.js";
import { describeError } from "../describe-error.js";
import { quiverPath } from "../paths.js";

const log = createLogger("discovery");

/** Module extensions discovery considers. */
export const TOOL_MODULE_EXTENSIONS: readonly string[] = [".ts", ".mts", ".js", ".mjs"];

/** The MCP bridge module's name: it registers tools at runtime, so discovery never imports it. */
export const MCP_BRIDGE_MODULE_NAME = "mcp-tool";

/** Module names (the part before the first dot) that are never tools; `mcp_tool` is the reference agent's spelling. */
export const EXCLUDED_TOOL_MODULE_NAMES: readonly string[] = ["index", "registry", MCP_BRIDGE_MODULE_NAME, "mcp_tool"];

/** The package form: `dir/<name>/tool.<ext>`. */
export const PACKAGE_TOOL_MODULE_NAME = "tool";

export interface DiscoverOptions {
  /** Replaces `import(pathToFileURL(path).href)`; tests use it to see what would be imported. */
  importModule?: (path: string) => Promise<unknown>;
  /** Verdict cache file; default `$QUIVER_HOME/cache/tool-discovery-cache.json`; `false` disables it. */
  cacheFile?: string | false;
}

export interface DiscoveryStats {
  /** Modules read and judged (cache misses and `moduleRegistersTools` calls). */
  filesRead: number;
  /** Of those, the ones that passed the text prefilter and were scanned. */
  scanned: number;
  /** Of those, the ones the scanner was unsure about, decided by TypeScript's parser. */
  parsedWithTypeScript: number;
  /** Times this process loaded the TypeScript parser (0 or 1). */
  typescriptLoads: number;
  /** JSON verdict caches read and parsed (a warm start answered by the warm index parses none). */
  cacheFilesParsed: number;
}

const counters = { filesRead: 0, scanned: 0, parsedWithTypeScript: 0, cacheFilesParsed: 0 };

/** What discovery did in this process so far (benches and tests read it). */
export function getDiscoveryStats(): DiscoveryStats {
  return { ...counters, typescriptLoads: typescriptLoadCount() };
}

export function defaultDiscoveryCacheFile(): string {
  return quiverPath("cache", "tool-discovery-cache.json");
}

/** Whether a file name in a tools directory may be a tool module (extension and exclusions). */
export function isToolModuleFileName(name: string): boolean {
  const firstDot = name.indexOf(".");
  if (firstDot <= 0) return false; // no extension, or a dot-file
  const ext = name.slice(name.lastIndexOf("."));
  if (!TOOL_MODULE_EXTENSIONS.includes(ext)) return false;
  if (name.endsWith(".d.ts") || name.endsWith(".d.mts") || name.includes(".test.") || name.includes(".spec.")) return false;
  return !EXCLUDED_TOOL_MODULE_NAMES.includes(name.slice(0, firstDot));
}

/**
 * `dir/*.{ts,mts,js,mjs}` and `dir/*\/tool.{ts,mts,js,mjs}` minus the exclusions, as absolute
 * paths in code-unit order. Dot-entries and `node_modules` are skipped. Throws when `dir`
 * cannot be read.
 */
export function listToolCandidates(dir: string): string[] {
  return listWithDirectories(resolve(dir)).files;
}

/** The candidates and, for the listing memo, each directory read with its mtime taken before reading it. */
function listWithDirectories(root: string): ToolDirListing & { symlinks: boolean } {
  const prefix = root.endsWith(sep) ? root : root + sep; // concatenation: path.join costs ~10 µs a call cold
  const found: string[] = [];
  const dirs: Array<[string, number]> = [[root, statSync(root).mtimeMs]];
  let symlinks = false;
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const name = entry.name;
    if (name.startsWith(".") || name === "node_modules") continue;
    if (entry.isSymbolicLink()) symlinks = true;
    const kind = entryKind(entry, prefix + name);
    if (kind === "file" && isToolModuleFileName(name)) found.push(prefix + name);
    else if (kind === "dir") addPackageToolModules(prefix + name + sep, found, dirs);
  }
  return { at: Date.now(), dirs, files: found.sort(), symlinks };
}

/**
 * A directory's mtime moves whenever an entry is added, removed or renamed in it, so while none
 * of the directories a listing read has moved, the listing stands and a warm start reads no
 * directory (the listing cost ~25% on top of the 1000 stats of the cache keys). A listing made
 * within RACY_LISTING_MS of a directory's mtime is not trusted: a change in the same tick of a
 * coarse clock (FAT: 2 s) would not move it. Symlinks can be retargeted without moving any
 * mtime, so a tools directory with symlinks is always read.
 */
const RACY_LISTING_MS = 2_000;

/** `remembered`: the listing came from the cache, stored with the vanished entries already dropped. */
function candidatesOf(root: string, cache: VerdictCache): { candidates: string[]; changed: boolean; remembered: boolean } {
  const memo = cache.listing(root);
  if (memo !== undefined && listingStands(root, memo)) return { candidates: memo.files, changed: false, remembered: true };
  const { symlinks, ...listing } = listWithDirectories(root);
  if (symlinks) return { candidates: listing.files, changed: cache.deleteListing(root), remembered: false };
  // The same listing, still too fresh to trust: not worth a rewrite of the cache file.
  if (memo !== undefined && sameListing(memo, listing) && !trusted(listing)) return { candidates: listing.files, changed: false, remembered: false };
  cache.setListing(root, listing);
  return { candidates: listing.files, changed: true, remembered: false };
}

function trusted(listing: ToolDirListing): boolean {
  return listing.dirs.every(([, mtimeMs]) => mtimeMs + RACY_LISTING_MS < listing.at);
}

function sameListing(a: ToolDirListing, b: ToolDirListing): boolean {
  const same = <T>(x: readonly T[], y: readonly T[], eq: (p: T, q: T) => boolean): boolean => x.length === y.length && x.every((v, i) => eq(v, y[i] as T));
  return same(a.files, b.files, (p, q) => p === q) && same(a.dirs, b.dirs, (p, q) => p[0] === q[0] && p[1] === q[1]);
}

function entryKind(entry: Dirent, path: string): "file" | "dir" | "other" {
  if (entry.isFile()) return "file";
  if (entry.isDirectory()) return "dir";
  if (!entry.isSymbolicLink()) return "other";
  const target = statSync(path, { throwIfNoEntry: false });
  return target?.isFile() ? "file" : target?.isDirectory() ? "dir" : "other";
}

/** Nothing the listing read has moved, and (the cache file being only a cache) it names nothing outside `root`. */
function listingStands(root: string, memo: ToolDirListing): boolean {
  const prefix = root.endsWith(sep) ? root : root + sep;
  if (memo.dirs[0]?.[0] !== root || !memo.files.every((file) => isModulePathUnder(prefix, file))) return false;
  return trusted(memo) && memo.dirs.every(([dir, mtimeMs]) => statSync(dir, NO_THROW)?.mtimeMs === mtimeMs);
}

function addPackageToolModules(packagePrefix: string, found: string[], dirs: Array<[string, number]>): void {
  let entries: Dirent[];
  try {
    dirs.push([packagePrefix.slice(0, -1), statSync(packagePrefix).mtimeMs]);
    entries = readdirSync(packagePrefix, { withFileTypes: true });
  } catch {
    return; // unreadable package directory: nothing to discover there
  }
  for (const entry of entries) {
    const name = entry.name;
    if (!name.startsWith(PACKAGE_TOOL_MODULE_NAME + ".") || !TOOL_MODULE_EXTENSIONS.includes(name.slice(PACKAGE_TOOL_MODULE_NAME.length))) continue;
    if (entryKind(entry, packagePrefix + name) === "file") found.push(packagePrefix + name);
  }
}

/** One options object for the warm path's thousand stats, not one per call. */
const NO_THROW = { throwIfNoEntry: false } as const;

const PREFILTER_A = Buffer.from("registry");
const PREFILTER_B = Buffer.from("register");

/**
 * Decides whether the module at `path` registers tools at its top level (docs/architecture.md), by reading
 * it, never importing it. A syntax error (or an unreadable file) gives false and a warning.
 */
export function moduleRegistersTools(path: string): boolean {
  const read = readModule(path);
  return read !== undefined && judge(path, read.bytes).registers;
}

interface Judgement {
  registers: boolean;
  /** False when the verdict must not be memoised (the file did not parse: warn again next time). */
  cacheable: boolean;
}

function judge(path: string, bytes: Buffer): Judgement {
  counters.filesRead++;
  if (bytes.indexOf(PREFILTER_A) === -1 || bytes.indexOf(PREFILTER_B) === -1) return { registers: false, cacheable: true };
  counters.scanned++;
  const fast = scanTopLevel(bytes);
  if (fast !== "unsure") return { registers: fast === "registers", cacheable: true };
  counters.parsedWithTypeScript++;
  const parsed = registersToolsByTypeScript(path, bytes.toString("utf8"));
  if (parsed.syntaxError === undefined) return { registers: parsed.registers, cacheable: true };
  log.warn(`tool module ${path} does not parse, so it is not loaded: ${parsed.syntaxError}`, { path, error: parsed.syntaxError });
  return { registers: false, cacheable: false };
}

// One read buffer, reused: a cold discovery reads ~1000 files, and each is judged before the next is read.
let scratch = Buffer.allocUnsafe(64 * 1024);

/**
 * Reads a module with the stats of the very file read (so the cache key matches the bytes
 * judged). The bytes are a view of a shared buffer, valid until the next read.
 */
function readModule(path: string): { bytes: Buffer; stats: Stats } | undefined {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (err) {
    log.warn(`cannot read tool module ${path}: ${(err as Error).message}`, { path });
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (scratch.length < stats.size) scratch = Buffer.allocUnsafe(stats.size);
    let filled = 0;
    while (filled < stats.size) {
      const n = readSync(fd, scratch, filled, stats.size - filled, filled);
      if (n === 0) break;
      filled += n;
    }
    return { bytes: scratch.subarray(0, filled), stats };
  } catch (err) {
    log.warn(`cannot read tool module ${path}: ${(err as Error).message}`, { path });
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Discovers the tool modules of `dir` and imports those that register tools, sequentially in
 * sorted order. Returns the paths imported successfully; a module that throws on import is
 * logged and skipped. A missing directory gives [].
 */
export async function discoverTools(dir: string, opts: DiscoverOptions = {}): Promise<string[]> {
  const root = resolve(dir);
  const modules = selectToolModules(root, opts.cacheFile === undefined ? defaultDiscoveryCacheFile() : opts.cacheFile);
  const importModule = opts.importModule ?? importByUrl;
  const imported: string[] = [];
  for (const path of modules) {
    try {
      await importModule(path);
      imported.push(path);
    } catch (err) {
      log.error(`tool module ${path} failed to load and was skipped: ${describeError(err)}`, { path, error: describeError(err) });
    }
  }
  log.debug(`discovered ${imported.length} tool module(s) in ${root}`, { dir: root, imported: imported.length, selected: modules.length });
  return imported;
}

function importByUrl(path: string): Promise<unknown> {
  return import(pathToFileURL(path).href);
}


/** The candidates of `root` whose verdict is "registers", using and refreshing the verdict cache. */
function selectToolModules(root: string, cacheFile: string | false): string[] {
  if (cacheFile === false) return selectAndRemember(root, VerdictCache.empty(), false);
  const warm = warmSelection(root, cacheFile);
  if (warm !== undefined) return warm;
  counters.cacheFilesParsed++;
  return selectAndRemember(root, VerdictCache.read(cacheFile), cacheFile);
}

/**
 * The selection from the warm index alone (warm-index.ts), when its listing stands and every module's
 * (mtime, size) still matches; else undefined, and the JSON cache decides (and rewrites the index).
 */
function warmSelection(root: string, cacheFile: string): string[] | undefined {
  const index = readWarmIndex(cacheFile, root);
  if (index === undefined || !listingStands(root, index)) return undefined;
  const selected: string[] = [];
  const files = index.files;
  for (let i = 0; i < files.length; i++) {
    const path = files[i] as string;
    const stats = statSync(path, NO_THROW);
    if (stats === undefined || stats.mtimeMs !== index.mtimes[i] || stats.size !== index.sizes[i]) return undefined;
    const verdict = index.verdicts[i];
    if (verdict === 1) selected.push(path);
    else if (verdict !== 0) return undefined;
  }
  return selected;
}

function selectAndRemember(root: string, cache: VerdictCache, cacheFile: string | false): string[] {
  let candidates: string[];
  let changed: boolean;
  let remembered: boolean;
  try {
    ({ candidates, changed, remembered } = candidatesOf(root, cache));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") log.debug(`no tools directory at ${root}`);
    else log.error(`cannot list tools directory ${root}: ${(err as Error).message}`, { dir: root });
    return [];
  }
  if (!remembered && dropVanished(cache, root, new Set(candidates))) changed = true;
  const selected: string[] = [];
  for (const candidate of candidates) {
    const verdict = cachedVerdict(cache, candidate);
    if (verdict.changed) changed = true;
    if (verdict.registers) selected.push(candidate);
  }
  if (cacheFile === false) return selected;
  if (changed) cache.write(cacheFile);
  rememberWarmIndex(root, cache, cacheFile);
  return selected;
}

/** Writes the warm index of `root` when every candidate has a verdict and the listing is one a warm start may trust. */
function rememberWarmIndex(root: string, cache: VerdictCache, cacheFile: string): void {
  const listing = cache.listing(root);
  if (listing === undefined || !trusted(listing)) return;
  const entries: VerdictCacheEntry[] = [];
  for (const path of listing.files) {
    const entry = cache.entry(path);
    if (entry === undefined) return; // e.g. a module that does not parse: judged (and warned about) on every start
    entries.push(entry);
  }
  writeWarmIndex(cacheFile, root, listing, entries);
}

/**
 * The verdict from the cache when the entry matches the file's (mtime, size), else from reading
 * it. The stat happens here and its Stats is dropped at once: holding 1000 of them alive from
 * the listing measured slower (GC), not faster.
 */
function cachedVerdict(cache: VerdictCache, path: string): { registers: boolean; changed: boolean } {
  if (cache.has(path)) {
    const stats = statSync(path, NO_THROW);
    const cached = stats === undefined ? undefined : cache.verdict(path, stats.mtimeMs, stats.size);
    if (cached !== undefined) return { registers: cached, changed: false };
  }
  const read = readModule(path);
  if (read === undefined) return { registers: false, changed: cache.delete(path) };
  const judged = judge(path, read.bytes);
  if (!judged.cacheable) return { registers: false, changed: cache.delete(path) };
  cache.set(path, [read.stats.mtimeMs, read.stats.size, judged.registers]);
  return { registers: judged.registers, changed: true };
}

/** Drops entries for modules of `root` (its files and package tool files) that are no longer candidates. */
function dropVanished(cache: VerdictCache, root: string, candidates: Set<string>): boolean {
  const prefix = root.endsWith(sep) ? root : root + sep;
  let changed = false;
  for (const path of cache.paths()) {
    if (candidates.has(path) || !isModulePathUnder(prefix, path)) continue;
    cache.delete(path);
    changed = true;
  }
  return changed;
}

/**
 * `prefix` + `name` or `prefix` + `dir/name`: the depths discovery looks at. No part may start with a
 * dot: listings skip dot-entries, so such a name (`..` above all) comes from a tampered cache.
 */
function isModulePathUnder(prefix: string, path: string): boolean {
  if (!path.startsWith(prefix) || path.charCodeAt(prefix.length) === DOT) return false;
  const first = path.indexOf(sep, prefix.length);
  return first === -1 || (path.charCodeAt(first + 1) !== DOT && path.indexOf(sep, first + 1) === -1);
}

const DOT = 0x2e;
