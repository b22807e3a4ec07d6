/**
 * Authoring errors for JSON Schema parameters are decided at registration without loading ajv
 * (`registry/parameters.ts`). This pins that decision to ajv's own, configured as calls are
 * validated: over generated schemas, registration refuses exactly those ajv cannot compile.
 * (One deliberate difference, not generated: an invalid pattern-property name is refused even
 * where ajv skips compiling it because its schema accepts anything.)
 */
import { Ajv } from "ajv";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ToolRegistry } from "../../src/registry/tool-registry.js";

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: "array", validateFormats: false });

function ajvCompiles(schema: unknown): boolean {
  try {
    ajv.compile(schema as object);
    return true;
  } catch {
    return false;
  } finally {
    ajv.removeSchema();
  }
}

function registers(schema: unknown): boolean {
  try {
    new ToolRegistry().register({ name: "t", toolset: "x", schema: { description: "d", parameters: schema as Record<string, unknown> }, handler: () => "" });
    return true;
  } catch (err) {
    expect((err as Error).message).toMatch(/^Tool "t": parameters/);
    return false;
  }
}

// Values that are right for some keywords and wrong for others.
const anyValue = fc.oneof(
  fc.constantFrom(0, 1, 2.5, -1, "", "x", "(", "^a+$", "string", "object", "integer", "nope", true, false, null),
  fc.constantFrom([], ["a"], ["a", "a"], ["string", "null"], ["string", "string"], [1], [{}], [{ type: "nope" }], {}, { a: {} }, { a: 1 }, { a: ["b"] }),
  fc.constantFrom("#", "#/properties", "#/definitions/d", "#/$defs/missing", "#/properties/a"),
);

const KEYWORDS = [
  "type", "enum", "const", "required", "properties", "patternProperties", "additionalProperties", "items", "additionalItems",
  "contains", "propertyNames", "dependencies", "definitions", "$defs", "allOf", "anyOf", "oneOf", "not", "if", "then", "else",
  "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "minItems", "maxItems",
  "minProperties", "maxProperties", "uniqueItems", "pattern", "format", "title", "description", "default", "examples", "$ref",
  "readOnly", "writeOnly", "$comment", "contentMediaType", "contentEncoding",
] as const;

const schema: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ node: Record<string, unknown>; value: unknown }>((tie) => ({
  node: fc.dictionary(fc.constantFrom(...KEYWORDS), tie("value"), { maxKeys: 3, noNullPrototype: true }),
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, anyValue, tie("node"), fc.array(tie("node"), { maxLength: 2 }), fc.dictionary(fc.constantFrom("a", "b", "^x"), tie("node"), { maxKeys: 2, noNullPrototype: true })),
})).node;

describe("JSON Schema parameters at registration", () => {
  // Seeded so CI is repeatable; 320,000 unseeded cases agreed when this was written.
  it("are refused exactly when ajv cannot compile them", () => {
    fc.assert(
      fc.property(schema, (parameters) => {
        const root = { type: "object", ...parameters };
        expect(registers(root), JSON.stringify(root)).toBe(ajvCompiles(root));
      }),
      { numRuns: 5000, seed: 20261203 },
    );
  });

  it("are refused, naming the field, for mistakes ajv reports", () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ properties: { a: { enum: [] } } }, /parameters\.properties\.a\.enum/],
      [{ required: ["a", "a"] }, /parameters\.required/],
      [{ properties: { a: { minLength: -1 } } }, /parameters\.properties\.a\.minLength/],
      [{ properties: { a: { multipleOf: 0 } } }, /parameters\.properties\.a\.multipleOf/],
      [{ patternProperties: { "(": { type: "string" } } }, /parameters\.patternProperties/],
    ];
    for (const [parameters, field] of cases) {
      expect(ajvCompiles({ type: "object", ...parameters })).toBe(false);
      expect(() => new ToolRegistry().register({ name: "t", toolset: "x", schema: { parameters: { type: "object", ...parameters } }, handler: () => "" })).toThrow(field);
    }
  });

  it("accept a `$schema` naming any draft: calls are validated in that draft, or as draft-07 when ajv does not ship it", () => {
    const parameters = { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", properties: { n: { type: "integer" } } };
    expect(registers(parameters)).toBe(true);
  });
});
