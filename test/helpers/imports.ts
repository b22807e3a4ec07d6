/** The import specifiers of every .ts file in a source folder, for layering tests. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

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
      sites.push({ file, spec: m[1] ?? m[2] ?? "", dynamic: m[2] !== undefined, statement: m[0] });
    }
  }
  return sites;
}
