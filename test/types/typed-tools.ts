/**
 * Type-level tests, checked by `npm run typecheck` (part of `npm test`): each `@ts-expect-error`
 * line must be an error, so a handler whose args went untyped fails the build.
 */
import { registry, z } from "../../src/index.js";

registry.register({
  name: "types_zod",
  toolset: "types",
  schema: { description: "zod", parameters: z.object({ sides: z.number().int(), label: z.string().optional() }) },
  handler: (args) => {
    const sides: number = args.sides;
    const label: string | undefined = args.label;
    // @ts-expect-error sides is a number
    const wrong: string = args.sides;
    // @ts-expect-error no such parameter
    void args.nope;
    return { sides, label, wrong };
  },
});

type Rolled = z.infer<typeof rollSchema>;
const rollSchema = z.object({ n: z.number() });
const rolled: Rolled = { n: 1 };
// @ts-expect-error n is a number
const notRolled: Rolled = { n: "1" };

registry.register({
  name: "types_json",
  toolset: "types",
  schema: {
    description: "JSON Schema written as const",
    parameters: {
      type: "object",
      properties: { path: { type: "string" }, limit: { type: "integer" } },
      required: ["path"],
      additionalProperties: false,
    } as const,
  },
  handler: (args) => {
    const path: string = args.path;
    const limit: number | undefined = args.limit;
    // @ts-expect-error path is a string
    const wrong: number = args.path;
    // @ts-expect-error limit may be absent
    const always: number = args.limit;
    return { path, limit, wrong, always };
  },
});

// A schema built at run time keeps the untyped record.
const built: Record<string, unknown> = { type: "object" };
registry.register({
  name: "types_untyped",
  toolset: "types",
  schema: { parameters: built },
  handler: (args) => {
    const value: unknown = args.anything;
    return value;
  },
});

export { rolled, notRolled };
