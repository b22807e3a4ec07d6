/**
 * Would ajv (draft-07, `strict: false`, as `calls/validation.ts` configures it) compile this JSON
 * Schema? Decided at registration without loading ajv, so a mistake fails where it was made,
 * naming the field. The rules are draft-07's meta-schema, keyword by keyword, plus what ajv
 * checks while compiling: patterns and pattern-property names are `u`-flag regular expressions,
 * `$ref`s resolve (and what they point at is a schema; in a schema whose `$schema` is 2019-09 or
 * 2020-12, which is compiled by that draft's ajv, a `#name` ref may name an `$anchor`). One
 * difference on purpose: an invalid pattern-property name is refused even where ajv would skip
 * compiling it (its schema accepts anything); it is a mistake either way.
 * `test/registry/schema-authoring.property.test.ts` holds this to ajv's own verdict.
 */
type Json = Record<string, unknown>;

interface Walk {
  root: Json;
  /** False inside `definitions`: ajv compiles a definition, refs and all, only where a `$ref` uses it. */
  resolveRefs: boolean;
  /** Refs already followed, so a cycle of them ends. */
  followed: Set<string>;
}

type Rule = (value: unknown, path: string, walk: Walk) => string | undefined;

const SIMPLE_TYPES = ["array", "boolean", "integer", "null", "number", "object", "string"];

/** The first reason ajv would refuse `schema` (the root of the parameters), as "<path> <what>", or undefined. */
export function jsonSchemaProblem(schema: Json, path: string): string | undefined {
  return schemaProblem(schema, path, { root: schema, resolveRefs: true, followed: new Set() });
}

function schemaProblem(schema: unknown, path: string, walk: Walk): string | undefined {
  if (typeof schema === "boolean") return undefined;
  if (!isObject(schema)) return `${path} must be a schema (an object or a boolean), got ${typeName(schema)}`;
  for (const [keyword, value] of Object.entries(schema)) {
    const rule = RULES[keyword];
    if (rule === undefined) continue;
    // A keyword ajv leaves out of the validator is only checked for its shape, its refs not followed.
    const within = walk.resolveRefs && !compiled(keyword, schema) ? { ...walk, resolveRefs: false } : walk;
    const problem = rule(value, `${path}.${keyword}`, within);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** Whether ajv compiles `keyword` of `schema`: `additionalItems` needs `items` as a list, `if`/`then`/`else` need each other. */
function compiled(keyword: string, schema: Json): boolean {
  if (keyword === "additionalItems") return Array.isArray(schema.items);
  if (keyword === "then" || keyword === "else") return schema.if !== undefined;
  if (keyword === "if") return !alwaysValid(schema.then) || !alwaysValid(schema.else);
  return true;
}

/** ajv's "always valid": absent, `true`, or an object without a single validating keyword. */
function alwaysValid(schema: unknown): boolean {
  if (schema === undefined || schema === true) return true;
  return isObject(schema) && Object.keys(schema).every((keyword) => RULES[keyword] === undefined || ANNOTATIONS.has(keyword));
}

const ANNOTATIONS = new Set(["title", "description", "$comment", "examples", "readOnly", "contentMediaType", "contentEncoding", "definitions", "$id"]);

const subschema: Rule = (value, path, walk) => schemaProblem(value, path, walk);

const schemaList: Rule = (value, path, walk) => {
  if (!Array.isArray(value) || value.length === 0) return `${path} must be a non-empty array of schemas, got ${typeName(value)}`;
  return firstProblem(value.map((child, i) => () => schemaProblem(child, `${path}[${i}]`, walk)));
};

const schemaMap: Rule = (value, path, walk) => {
  if (!isObject(value)) return `${path} must be an object of schemas, got ${typeName(value)}`;
  return firstProblem(Object.entries(value).map(([name, child]) => () => schemaProblem(child, `${path}.${name}`, walk)));
};

const number: Rule = (value, path) => (typeof value === "number" ? undefined : `${path} must be a number, got ${JSON.stringify(value)}`);

const count: Rule = (value, path) =>
  Number.isInteger(value) && (value as number) >= 0 ? undefined : `${path} must be a whole number of at least 0, got ${JSON.stringify(value)}`;

const string: Rule = (value, path) => (typeof value === "string" ? undefined : `${path} must be a string, got ${typeName(value)}`);

const boolean: Rule = (value, path) => (typeof value === "boolean" ? undefined : `${path} must be true or false, got ${typeName(value)}`);

const uniqueNames: Rule = (value, path) => {
  if (!Array.isArray(value) || !value.every((name) => typeof name === "string")) return `${path} must be an array of property names, got ${JSON.stringify(value)}`;
  return duplicate(value, path);
};

const regex: Rule = (value, path) => {
  if (typeof value !== "string") return `${path} must be a string, got ${typeName(value)}`;
  try {
    new RegExp(value, "u"); // ajv compiles patterns with the u flag
    return undefined;
  } catch (err) {
    return `${path} is not a valid regular expression: ${(err as Error).message}`;
  }
};

const RULES: Readonly<Record<string, Rule>> = {
  type: (value, path) => {
    const types = Array.isArray(value) ? value : [value];
    const bad = types.find((t) => typeof t !== "string" || !SIMPLE_TYPES.includes(t));
    if (bad !== undefined || types.length === 0) return `${path} ${JSON.stringify(bad ?? value)} is not a JSON Schema type (${SIMPLE_TYPES.join(", ")})`;
    return duplicate(types, path);
  },
  enum: (value, path) => (Array.isArray(value) && value.length > 0 ? duplicate(value, path) : `${path} must be a non-empty array of values, got ${JSON.stringify(value)}`),
  required: uniqueNames,
  properties: schemaMap,
  definitions: (value, path, walk) => schemaMap(value, path, { ...walk, resolveRefs: false }),
  patternProperties: (value, path, walk) =>
    (isObject(value) ? firstProblem(Object.keys(value).map((key) => () => regex(key, `${path} key ${JSON.stringify(key)}`, walk))) : undefined) ??
    schemaMap(value, path, walk),
  dependencies: (value, path, walk) => {
    if (!isObject(value)) return `${path} must be an object, got ${typeName(value)}`;
    return firstProblem(
      Object.entries(value).map(([name, child]) => () => (Array.isArray(child) ? uniqueNames(child, `${path}.${name}`, walk) : schemaProblem(child, `${path}.${name}`, walk))),
    );
  },
  items: (value, path, walk) => (Array.isArray(value) ? schemaList(value, path, walk) : schemaProblem(value, path, walk)),
  additionalItems: subschema,
  additionalProperties: subschema,
  contains: subschema,
  propertyNames: subschema,
  not: subschema,
  if: subschema,
  then: subschema,
  else: subschema,
  allOf: schemaList,
  anyOf: schemaList,
  oneOf: schemaList,
  multipleOf: (value, path) => (typeof value === "number" && value > 0 ? undefined : `${path} must be a number above 0, got ${JSON.stringify(value)}`),
  minimum: number,
  maximum: number,
  exclusiveMinimum: number,
  exclusiveMaximum: number,
  minLength: count,
  maxLength: count,
  minItems: count,
  maxItems: count,
  minProperties: count,
  maxProperties: count,
  pattern: regex,
  uniqueItems: boolean,
  readOnly: boolean,
  examples: (value, path) => (Array.isArray(value) ? undefined : `${path} must be an array, got ${typeName(value)}`),
  title: string,
  description: string,
  $comment: string,
  format: string,
  contentMediaType: string,
  contentEncoding: string,
  $id: string,
  $ref: (value, path, walk) => (typeof value === "string" ? refProblem(value, path, walk) : `${path} must be a string, got ${typeName(value)}`),
};

/** A `$ref` must point inside this schema (no remote schemas are loaded), at something ajv can compile. */
function refProblem(ref: string, path: string, walk: Walk): string | undefined {
  if (!walk.resolveRefs || ref === "#" || ref === "" || walk.followed.has(ref)) return undefined;
  const target = ref.startsWith("#/") ? pointAt(walk.root, ref) : anchoredAt(walk.root, ref);
  if (target === undefined) return `${path} ${JSON.stringify(ref)} points at nothing in the schema (only "#/..." pointers into it, and its anchors, resolve)`;
  // What a ref uses is compiled with it, `$defs` included (draft-07 does not check `$defs` where it stands).
  walk.followed.add(ref);
  return isObject(target) ? schemaProblem(target, `${path} (${ref})`, { ...walk, resolveRefs: true }) : undefined;
}

/** A 2019-09/2020-12 schema's `#name` ref is its `$anchor: name` (ajv of that draft compiles it; calls/schema-dialect.ts). */
function anchoredAt(root: Json, ref: string): unknown {
  const anchor = /^#([A-Za-z_][\w.-]*)$/.exec(ref)?.[1];
  if (anchor === undefined || !/\/draft\/(2019-09|2020-12)\/schema#?$/.test(String(root.$schema))) return undefined;
  return findAnchor(root, anchor);
}

function findAnchor(node: unknown, anchor: string): unknown {
  if (Array.isArray(node)) return node.map((item) => findAnchor(item, anchor)).find((found) => found !== undefined);
  if (!isObject(node)) return undefined;
  if (node.$anchor === anchor) return node;
  for (const child of Object.values(node)) {
    const found = findAnchor(child, anchor);
    if (found !== undefined) return found;
  }
  return undefined;
}

function pointAt(root: Json, pointer: string): unknown {
  let node: unknown = root;
  for (const raw of pointer.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    if (!Object.hasOwn(node, key)) return undefined;
    node = (node as Json)[key];
  }
  return node;
}

/** ajv compares items by value (key order aside), so `[{a:1,b:2},{b:2,a:1}]` repeats one. */
function duplicate(values: readonly unknown[], path: string): string | undefined {
  const seen = new Set<string>();
  for (const value of values) {
    const key = canonical(value);
    if (seen.has(key)) return `${path} lists ${key} twice; its items must be unique`;
    seen.add(key);
  }
  return undefined;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isObject(value)) return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  return JSON.stringify(value) ?? "undefined";
}

function firstProblem(checks: ReadonlyArray<() => string | undefined>): string | undefined {
  for (const check of checks) {
    const problem = check();
    if (problem !== undefined) return problem;
  }
  return undefined;
}

export function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function typeName(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
}
