/**
 * A tool's `schema.parameters` as written by its author, checked at registration so that a
 * mistake fails where it was made, naming the tool and the field, instead of at the first call.
 * - zod 4: recognised by shape (`_zod`), never by importing zod, and converted to the JSON
 *   Schema the model sees with the schema's own `toJSONSchema`.
 * - JSON Schema: checked for what makes ajv refuse to compile it (ajv itself loads only when a
 *   call needs validating, so that registering the built-in tools stays cheap).
 */
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
  const problem = jsonSchemaProblem(parameters, parameters, "parameters");
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

const TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);
const SCHEMA_KEYWORDS = ["additionalProperties", "items", "not", "if", "then", "else", "contains", "propertyNames", "additionalItems", "unevaluatedItems", "unevaluatedProperties"];
const SCHEMA_MAP_KEYWORDS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];
const SCHEMA_LIST_KEYWORDS = ["anyOf", "allOf", "oneOf", "prefixItems"];
const NUMBER_KEYWORDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"];

/** The first reason ajv would refuse `schema`, as "<path>: <what>", or undefined. */
function jsonSchemaProblem(schema: unknown, root: JsonSchema, path: string): string | undefined {
  if (typeof schema === "boolean") return undefined;
  if (!isObject(schema)) return `${path} must be a schema object, got ${typeName(schema)}`;
  const own = ownKeywordProblem(schema, root, path);
  if (own !== undefined) return own;
  for (const key of SCHEMA_KEYWORDS) {
    const value = schema[key];
    if (value === undefined) continue;
    if (key === "items" && Array.isArray(value)) {
      const problem = listProblem(value, root, `${path}.items`);
      if (problem !== undefined) return problem;
      continue;
    }
    const problem = jsonSchemaProblem(value, root, `${path}.${key}`);
    if (problem !== undefined) return problem;
  }
  for (const key of SCHEMA_MAP_KEYWORDS) {
    const value = schema[key];
    if (value === undefined) continue;
    if (!isObject(value)) return `${path}.${key} must be an object of schemas, got ${typeName(value)}`;
    for (const [name, child] of Object.entries(value)) {
      const problem = jsonSchemaProblem(child, root, `${path}.${key}.${name}`);
      if (problem !== undefined) return problem;
    }
  }
  for (const key of SCHEMA_LIST_KEYWORDS) {
    const value = schema[key];
    if (value === undefined) continue;
    if (!Array.isArray(value) || value.length === 0) return `${path}.${key} must be a non-empty array of schemas`;
    const problem = listProblem(value, root, `${path}.${key}`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function listProblem(list: readonly unknown[], root: JsonSchema, path: string): string | undefined {
  for (const [i, child] of list.entries()) {
    const problem = jsonSchemaProblem(child, root, `${path}[${i}]`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function ownKeywordProblem(schema: JsonSchema, root: JsonSchema, path: string): string | undefined {
  const type = schema.type;
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    const bad = types.find((t) => typeof t !== "string" || !TYPES.has(t));
    if (bad !== undefined || types.length === 0) return `${path}.type ${JSON.stringify(bad)} is not a JSON Schema type (${[...TYPES].join(", ")})`;
  }
  const required = schema.required;
  if (required !== undefined && !(Array.isArray(required) && required.every((r) => typeof r === "string"))) {
    return `${path}.required must be an array of property names, got ${JSON.stringify(required)}`;
  }
  if (schema.enum !== undefined && !Array.isArray(schema.enum)) return `${path}.enum must be an array, got ${typeName(schema.enum)}`;
  for (const key of NUMBER_KEYWORDS) {
    if (schema[key] !== undefined && typeof schema[key] !== "number") return `${path}.${key} must be a number, got ${JSON.stringify(schema[key])}`;
  }
  if (schema.pattern !== undefined) {
    const problem = patternProblem(schema.pattern);
    if (problem !== undefined) return `${path}.pattern ${problem}`;
  }
  const ref = schema.$ref;
  if (typeof ref === "string" && ref.startsWith("#") && !resolvesLocally(root, ref)) return `${path}.$ref ${JSON.stringify(ref)} points at nothing in the schema`;
  return undefined;
}

function patternProblem(pattern: unknown): string | undefined {
  if (typeof pattern !== "string") return `must be a string, got ${typeName(pattern)}`;
  try {
    new RegExp(pattern, "u"); // ajv compiles patterns with the u flag
    return undefined;
  } catch (err) {
    return `is not a valid regular expression: ${(err as Error).message}`;
  }
}

function resolvesLocally(root: JsonSchema, ref: string): boolean {
  if (ref === "#") return true;
  if (!ref.startsWith("#/")) return true; // an anchor: ajv resolves those, too rare to second-guess
  let node: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isObject(node) || !(key in node)) return false;
    node = node[key];
  }
  return true;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function typeName(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
}
