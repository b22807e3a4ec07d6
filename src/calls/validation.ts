/**
 * Validation of tool arguments against the tool's JSON Schema with ajv, after coercing the
 * obvious mismatches models produce ("42" for 42, "true" for true, a JSON string for an array).
 * Validators are compiled once per registry entry: a re-registration is a new entry, so a
 * changed schema gets a fresh validator without any explicit invalidation.
 */
import type { Ajv as AjvInstance, ErrorObject, ValidateFunction } from "ajv";
import { createLogger, type JsonSchema, type ToolEntry } from "../registry/index.js";

const log = createLogger("validation");

export interface ValidationIssue {
  path: string;
  message: string;
}

export type Validation = { ok: true; args: Record<string, unknown> } | { ok: false; details: ValidationIssue[] };

type Validator = ValidateFunction | null;

const validators = new WeakMap<ToolEntry, Validator>();
let ajv: AjvInstance | undefined;
let compilations = 0;

/** How many validators have been compiled in this process (for tests and diagnostics). */
export function validatorCompilations(): number {
  return compilations;
}

/** ajv is loaded only when a call needs validating, so listing tools never pays for it. */
export async function loadValidator(): Promise<void> {
  if (ajv !== undefined) return;
  const { Ajv } = await import("ajv");
  ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: "array", validateFormats: false });
}

export async function validateArguments(entry: ToolEntry, args: Record<string, unknown>): Promise<Validation> {
  let validate = validators.get(entry);
  if (validate === undefined) {
    await loadValidator();
    validate = compile(entry);
    validators.set(entry, validate);
  }
  if (validate === null) return { ok: true, args };
  const schema = entry.schema.parameters as JsonSchema;
  const coerced = coerceJsonStrings(schema, args);
  if (validate(coerced)) return { ok: true, args: coerced };
  return { ok: false, details: (validate.errors ?? []).map(toIssue) };
}

function compile(entry: ToolEntry): Validator {
  const parameters = entry.schema.parameters;
  if (parameters === undefined) return null;
  // `$schema` names a draft ajv may not have loaded; the keywords themselves are what matter.
  const { $schema: _ignored, ...schema } = parameters;
  compilations++;
  try {
    return (ajv as AjvInstance).compile(schema);
  } catch (err) {
    log.warn(`Tool "${entry.name}" has a parameters schema ajv cannot compile; its arguments go unvalidated: ${(err as Error).message}`);
    return null;
  }
}

/**
 * Returns a copy of `args` where string values are parsed as JSON when the schema wants an
 * array or object there. ajv's own coercion (mutating the copy) handles the scalar cases.
 */
function coerceJsonStrings(schema: JsonSchema, args: Record<string, unknown>): Record<string, unknown> {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  const out: Record<string, unknown> = { ...args };
  if (properties === undefined) return out;
  for (const [key, value] of Object.entries(out)) {
    const prop = properties[key];
    if (prop === undefined || typeof value !== "string") continue;
    const wants = types(prop);
    const text = value.trim();
    if ((wants.has("array") && text.startsWith("[")) || (wants.has("object") && text.startsWith("{"))) {
      try {
        out[key] = JSON.parse(text);
      } catch {
        // leave it: the validator will report a precise type error
      }
    }
  }
  return out;
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
