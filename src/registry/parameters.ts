/**
 * A tool's `schema.parameters` as written by its author, checked at registration so that a
 * mistake fails where it was made, naming the tool and the field, instead of at the first call.
 * - zod 4: recognised by shape (`_zod`), never by importing zod, and converted to the JSON
 *   Schema the model sees with the schema's own `toJSONSchema`.
 * - JSON Schema: checked for what makes ajv refuse to compile it (`json-schema-check.ts`; ajv
 *   itself loads only when a call needs validating, so registering the built-in tools stays cheap).
 */
import { isObject, jsonSchemaProblem, typeName } from "./json-schema-check.js";
import type { JsonSchema, ZodSchemaLike } from "./types.js";

export interface CheckedParameters {
  /** What the model is sent and what ajv validates when there is no zod schema. */
  json: JsonSchema | undefined;
  zod: ZodSchemaLike | undefined;
}

const NO_PARAMETERS: CheckedParameters = Object.freeze({ json: undefined, zod: undefined });

/** Recognises a zod 4 schema by the fields the registry uses. */
function isZodSchema(value: unknown): value is ZodSchemaLike {
  if (typeof value !== "object" || value === null || !("_zod" in value)) return false;
  const candidate = value as Partial<ZodSchemaLike>;
  return typeof candidate.safeParse === "function" && typeof candidate.toJSONSchema === "function";
}

/** Throws a TypeError naming `tool` and the offending field when the parameters cannot work. */
export function checkParameters(tool: string, parameters: unknown): CheckedParameters {
  if (parameters === undefined) return NO_PARAMETERS;
  if (isZodSchema(parameters)) return { json: zodToJsonSchema(tool, parameters), zod: parameters };
  if (!isObject(parameters)) {
    throw new TypeError(`Tool "${tool}": schema.parameters must be a zod object schema or a plain JSON Schema object, got ${typeName(parameters)}`);
  }
  const problem = jsonSchemaProblem(parameters, "parameters");
  if (problem !== undefined) throw new TypeError(`Tool "${tool}": ${problem}. Fix the schema; ajv cannot compile it.`);
  return { json: parameters, zod: undefined };
}

function zodToJsonSchema(tool: string, schema: ZodSchemaLike): JsonSchema {
  let json: JsonSchema;
  try {
    json = convert(schema);
  } catch (err) {
    const field = unrepresentableField(schema, "parameters") ?? "parameters";
    throw new TypeError(
      `Tool "${tool}": zod field ${field} cannot be expressed in JSON Schema (${(err as Error).message}). ` +
        "Use a JSON-compatible type there (e.g. a string with a format instead of z.date()).",
    );
  }
  if (json.type !== "object") {
    throw new TypeError(`Tool "${tool}": schema.parameters must be a z.object({...}); got a schema of type ${JSON.stringify(json.type)}`);
  }
  // `$schema` is noise to a model (tokens) and names a draft ajv may not know.
  const { $schema: _dropped, ...rest } = json;
  return rest;
}

function convert(schema: ZodSchemaLike): JsonSchema {
  // "input": the model writes the input side (fields with defaults are optional to it).
  return schema.toJSONSchema({ io: "input", unrepresentable: "throw" });
}

/** The dotted path of the first nested zod schema that cannot be converted on its own. */
function unrepresentableField(schema: ZodSchemaLike, path: string): string | undefined {
  for (const [key, child] of zodChildren(schema)) {
    const childPath = key === "" ? path : `${path}.${key}`;
    try {
      convert(child);
    } catch {
      return unrepresentableField(child, childPath) ?? childPath;
    }
  }
  return undefined;
}

/** Direct sub-schemas from zod's definition: object fields by name, wrapped and element types unnamed. */
function zodChildren(schema: ZodSchemaLike): Array<[string, ZodSchemaLike]> {
  const def = (schema._zod as { def?: Record<string, unknown> }).def ?? {};
  const out: Array<[string, ZodSchemaLike]> = [];
  if (isObject(def.shape)) for (const [key, child] of Object.entries(def.shape)) if (isZodSchema(child)) out.push([key, child]);
  for (const key of ["innerType", "element", "in", "out", "valueType"]) if (isZodSchema(def[key])) out.push(["", def[key]]);
  if (Array.isArray(def.options)) for (const option of def.options) if (isZodSchema(option)) out.push(["", option]);
  return out;
}
