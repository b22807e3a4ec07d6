/** Building a registry entry from `register`'s options, refusing what cannot work. */
import { checkParameters } from "./parameters.js";
import { isPlainObject, resultType } from "./tool-output.js";
import type { RegisterOptions, ToolEntry, ToolParameters, ToolSchema } from "./types.js";

const NO_ENV: readonly string[] = Object.freeze([]);

export function makeEntry(opts: RegisterOptions<ToolParameters>): ToolEntry {
  if (!isPlainObject(opts)) throw new TypeError("registry.register() takes one options object { name, toolset, schema, handler, ... }");
  requireName("name", opts.name);
  requireName("toolset", opts.toolset);
  if (!isPlainObject(opts.schema)) {
    throw new TypeError(`Tool "${opts.name}": schema must be a plain object (OpenAI function schema), got ${resultType(opts.schema)}`);
  }
  if (typeof opts.handler !== "function") throw new TypeError(`Tool "${opts.name}": handler must be a function`);
  if (opts.checkFn !== undefined && typeof opts.checkFn !== "function") throw new TypeError(`Tool "${opts.name}": checkFn must be a function`);
  const parameters = checkParameters(opts.name, opts.schema.parameters);
  const schema: ToolSchema = parameters.zod === undefined ? (opts.schema as ToolSchema) : { ...opts.schema, parameters: parameters.json };
  return Object.freeze({
    name: opts.name,
    toolset: opts.toolset,
    schema,
    handler: opts.handler as ToolEntry["handler"],
    zodParameters: parameters.zod,
    checkFn: opts.checkFn,
    requiresEnv: opts.requiresEnv === undefined ? NO_ENV : Object.freeze([...opts.requiresEnv]),
    description: opts.description ?? (typeof schema.description === "string" ? schema.description : ""),
    emoji: opts.emoji ?? "",
    maxResultSizeChars: opts.maxResultSizeChars,
    dynamicSchemaOverrides: opts.dynamicSchemaOverrides,
    readOnly: opts.readOnly === true,
    timeoutMs: opts.timeoutMs,
    warmUp: opts.warmUp,
    meta: isPlainObject(opts.meta) ? (opts.meta as ToolEntry["meta"]) : undefined,
  });
}

export function requireName(what: string, value: unknown): asserts value is string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new TypeError(`registry: ${what} must be a non-empty string, got ${JSON.stringify(value)}`);
  }
}

