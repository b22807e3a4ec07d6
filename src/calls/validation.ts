/**
 * Validation of tool arguments against the tool's JSON Schema with ajv, after coercing the
 * obvious mismatches models produce ("42" for 42, "true" for true, a JSON string for an array):
 * JSON strings are parsed here, and ajv's `coerceTypes: "array"` does the scalar cases.
 * Validators are compiled once per registry entry: a re-registration is a new entry, so a
 * changed schema gets a fresh validator without any explicit invalidation.
 */
import type { ErrorObject, ValidateFunction } from "ajv";
import { createLogger, type JsonSchema, type ToolEntry, type ZodSchemaLike } from "../registry/index.js";
import { ajvFor, compilable, type SchemaCompiler } from "./schema-dialect.js";

const log = createLogger("validation");

export interface ValidationIssue {
  path: string;
  message: string;
}

export type Validation = { ok: true; args: Record<string, unknown> } | { ok: false; details: ValidationIssue[] };

interface Validator {
  validate: ValidateFunction;
  /** Parameters whose schema takes an array or object: a JSON string there gets parsed. */
  jsonKeys: readonly string[];
}

const validators = new WeakMap<ToolEntry, Validator | null>();
let compilations = 0;

/** How many validators have been compiled in this process (for tests and diagnostics). */
export function validatorCompilations(): number {
  return compilations;
}

/**
 * Validates (and coerces) `args`, which the caller hands over: ajv's coercion mutates it.
 * Synchronous once the entry's validator exists, so the hot path awaits nothing.
 */
export function validateArguments(entry: ToolEntry, args: Record<string, unknown>): Validation | Promise<Validation> {
  if (entry.zodParameters !== undefined) return validateWithZod(entry, args);
  const validator = validators.get(entry);
  if (validator !== undefined) return run(validator, args);
  return validatorFor(entry).then((compiled) => run(compiled, args));
}

const zodJsonKeys = new WeakMap<ToolEntry, readonly string[]>();

/** A zod tool: JSON strings for array/object fields are parsed as for ajv, then zod decides (and may transform). */
function validateWithZod(entry: ToolEntry, args: Record<string, unknown>): Validation {
  let keys = zodJsonKeys.get(entry);
  if (keys === undefined) zodJsonKeys.set(entry, (keys = jsonKeysOf(entry.schema.parameters ?? {})));
  for (const key of keys) {
    const value = args[key];
    if (typeof value === "string") args[key] = parseJsonContainer(value);
  }
  const result = (entry.zodParameters as ZodSchemaLike).safeParse(args);
  if (result.success) return { ok: true, args: result.data as Record<string, unknown> };
  return { ok: false, details: result.error.issues.map((issue) => ({ path: `/${issue.path.map(String).join("/")}`, message: issue.message })) };
}

function run(validator: Validator | null, args: Record<string, unknown>): Validation {
  if (validator === null) return { ok: true, args };
  for (const key of validator.jsonKeys) {
    const value = args[key];
    if (typeof value === "string") args[key] = parseJsonContainer(value);
  }
  if (validator.validate(args)) return { ok: true, args };
  return { ok: false, details: (validator.validate.errors ?? []).map(toIssue) };
}

/** The entry's validator, compiled by the ajv of its schema's dialect (loaded only when a call needs it). */
async function validatorFor(entry: ToolEntry): Promise<Validator | null> {
  const parameters = entry.schema.parameters;
  if (parameters === undefined) return null;
  const { dialect, schema } = compilable(parameters);
  const ajv = await ajvFor(dialect);
  // Another call may have compiled it while ajv loaded.
  let compiled = validators.get(entry);
  if (compiled === undefined) validators.set(entry, (compiled = compile(entry, ajv, schema)));
  return compiled;
}

function compile(entry: ToolEntry, ajv: SchemaCompiler, schema: JsonSchema): Validator | null {
  compilations++;
  try {
    return { validate: ajv.compile(schema), jsonKeys: jsonKeysOf(schema) };
  } catch (err) {
    log.warn(`Tool "${entry.name}" has a parameters schema ajv cannot compile; its arguments go unvalidated: ${(err as Error).message}`);
    return null;
  }
}

function jsonKeysOf(schema: JsonSchema): string[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.keys(properties).filter((key) => {
    const wants = types(properties[key] as JsonSchema);
    return wants.has("array") || wants.has("object");
  });
}

/** A string that holds a JSON array or object becomes that value; anything else stays for ajv to judge. */
function parseJsonContainer(value: string): unknown {
  const text = value.trim();
  if (!text.startsWith("[") && !text.startsWith("{")) return value;
  try {
    return JSON.parse(text);
  } catch {
    return value;
  }
}

function types(schema: JsonSchema): Set<string> {
  const t = schema.type;
  return new Set(Array.isArray(t) ? (t as string[]) : typeof t === "string" ? [t] : []);
}

function toIssue(error: ErrorObject): ValidationIssue {
  const params = error.params as { missingProperty?: string; additionalProperty?: string; allowedValues?: unknown[] };
  const extra = params.missingProperty ?? params.additionalProperty;
  const path = (error.instancePath + (extra !== undefined ? `/${extra}` : "")) || "/";
  let message = error.message ?? "is invalid";
  if (params.additionalProperty !== undefined) message = "is not a known parameter";
  if (params.allowedValues !== undefined) message += `: ${params.allowedValues.map((v) => JSON.stringify(v)).join(", ")}`;
  return { path, message };
}
