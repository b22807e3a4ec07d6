/** The import specifiers of every .ts file in a source folder, for layering tests. */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|(?:^|\n)\s*import\s+["']([^"']+)["']/g;

export interface ImportSite {
  file: string;
  spec: string;
  /** `import("x")` rather than a static import. */
  dynamic: boolean;
  /** The import's own text. */
  statement: string;
}

export function importsIn(dir: string): ImportSite[] {
  const sites: ImportSite[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
    for (const m of readFileSync(join(dir, file), "utf8").matchAll(IMPORT)) {
      sites.push({ file, spec: m[1] ?? m[2] ?? m[3] ?? "", dynamic: m[2] !== undefined, statement: m[0] });
    }
  }
  return sites;
}

/** Every .ts file under `root` (relative to it) with the files of ours it imports, static, type-only or dynamic. */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (dir: string): void => {
    const sites = importsIn(dir);
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) {
        visit(path);
        continue;
      }
      if (!entry.endsWith(".ts") || entry.endsWith(".d.ts")) continue;
      const targets = sites
        .filter((site) => site.file === entry && site.spec.startsWith("."))
        .map((site) => resolveSpec(dir, site.spec))
        .filter((target): target is string => target !== undefined)
        .map((target) => relative(root, target));
      graph.set(relative(root, path), [...new Set(targets)]);
    }
  };
  visit(root);
  return graph;
}

/** `./x.js` → `<dir>/x.ts` (or `./x/index.ts`), when that file exists. */
function resolveSpec(dir: string, spec: string): string | undefined {
  const base = resolve(dir, spec);
  for (const candidate of [base.replace(/\.js$/, ".ts"), `${base}.ts`, join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The import cycles of a graph: each strongly connected group of two or more files (or a file importing itself), sorted. */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      group.push(member);
      if (member === node) break;
    }
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
