/**
 * Which JSON Schema dialect compiles a tool's parameters. MCP servers send 2020-12 schemas
 * (SEP-1613), and keep `$schema` in them: the schema is checked by the ajv of the draft it names,
 * so 2020-12 keywords (`$anchor`, `prefixItems`, `$dynamicRef`, …) mean what they say. A schema
 * without `$schema`, or naming a draft ajv does not ship (draft-04), is compiled as draft-07
 * with `$schema` left out, as quiver's own tools always were.
 */
import type { Ajv2020 } from "ajv/dist/2020.js";

/** What validation needs of an ajv; every dialect's class has it. */
export type SchemaCompiler = Pick<Ajv2020, "compile">;

export type Dialect = "draft-07" | "2019-09" | "2020-12";

/** `$schema` URIs by dialect, compared without a trailing `#` and with either scheme. */
const URIS: Record<string, Dialect> = {
  "json-schema.org/draft/2020-12/schema": "2020-12",
  "json-schema.org/draft/2019-09/schema": "2019-09",
  "json-schema.org/draft-07/schema": "draft-07",
};

export function dialectOf(schema: Record<string, unknown>): Dialect | undefined {
  const uri = schema.$schema;
  if (typeof uri !== "string") return undefined;
  return URIS[uri.replace(/^https?:\/\//, "").replace(/#$/, "")];
}

const OPTIONS = { allErrors: true, strict: false, coerceTypes: "array", validateFormats: false } as const;
const instances = new Map<Dialect, Promise<SchemaCompiler>>();

/** One ajv per dialect, loaded on first use (listing tools never pays for it). */
export function ajvFor(dialect: Dialect): Promise<SchemaCompiler> {
  let ajv = instances.get(dialect);
  if (ajv === undefined) {
    ajv = load(dialect);
    instances.set(dialect, ajv);
  }
  return ajv;
}

async function load(dialect: Dialect): Promise<SchemaCompiler> {
  if (dialect === "2020-12") return new (await import("ajv/dist/2020.js")).Ajv2020(OPTIONS);
  if (dialect === "2019-09") return new (await import("ajv/dist/2019.js")).Ajv2019(OPTIONS);
  return new (await import("ajv")).Ajv(OPTIONS);
}

/** What to compile, and with which dialect: `$schema` is kept for a dialect ajv knows, dropped otherwise. */
export function compilable(schema: Record<string, unknown>): { dialect: Dialect; schema: Record<string, unknown> } {
  const dialect = dialectOf(schema);
  if (dialect !== undefined) return { dialect, schema };
  const { $schema: _unknown, ...rest } = schema;
  return { dialect: "draft-07", schema: rest };
}
