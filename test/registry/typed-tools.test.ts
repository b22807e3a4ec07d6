import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "../../src/index.js";
import { getToolDefinitions, handleFunctionCall } from "../../src/calls/model-tools.js";
import { registry } from "../../src/registry/index.js";
import { assertBuilt, cliEnv, runCli, tempHome } from "../helpers/cli.js";
import { text, toolCall } from "../helpers/scripted-openai-server.js";
import { agentOn, toolResults, useAgentSandbox } from "../agent/fixture.js";

const TOOLSET = "typed_tools_test";
const registered: string[] = [];

function registerBoth(): void {
  registry.register({
    name: "typed_roll",
    toolset: TOOLSET,
    schema: { description: "Roll dice", parameters: z.object({ sides: z.number().int().min(2).describe("faces"), times: z.number().default(1) }) },
    handler: ({ sides, times }) => `rolled ${times}d${sides}`,
  });
  registry.register({
    name: "typed_greet",
    toolset: TOOLSET,
    schema: {
      description: "Greet",
      parameters: { type: "object", properties: { who: { type: "string" } }, required: ["who"], additionalProperties: false } as const,
    },
    handler: ({ who }) => `hello ${who.toUpperCase()}`,
  });
  registered.push("typed_roll", "typed_greet");
}

afterEach(() => {
  for (const name of registered.splice(0)) registry.deregister(name);
});

describe("a zod tool and a JSON Schema tool", () => {
  it("are listed with JSON Schema parameters", async () => {
    registerBoth();
    const defs = await getToolDefinitions({ enabledToolsets: [TOOLSET] });
    expect(defs.map((d) => d.function.name)).toEqual(["typed_greet", "typed_roll"]);
    const roll = defs.find((d) => d.function.name === "typed_roll")!.function;
    expect(roll.description).toBe("Roll dice");
    expect(roll.parameters).toMatchObject({ type: "object", properties: { sides: { type: "integer", minimum: 2, description: "faces" } }, required: ["sides"] });
    expect(roll.parameters).not.toHaveProperty("$schema");
  });

  it("validate a good call (zod applies its defaults) and refuse a bad one naming the field", async () => {
    registerBoth();
    expect(await handleFunctionCall("typed_roll", '{"sides": 6}')).toBe("rolled 1d6");
    expect(await handleFunctionCall("typed_greet", '{"who": "ada"}')).toBe("hello ADA");
    const badZod = JSON.parse((await handleFunctionCall("typed_roll", '{"sides": 1}')) as string);
    expect(badZod).toMatchObject({ error_type: "invalid_arguments", details: [{ path: "/sides" }] });
    const badJson = JSON.parse((await handleFunctionCall("typed_greet", '{"who": 3, "extra": 1}')) as string);
    expect(badJson.error_type).toBe("invalid_arguments");
    expect(badJson.error).toContain("/extra");
  });
});

describe("authoring errors at registration", () => {
  it("name the tool and the zod field that has no JSON Schema form", () => {
    expect(() =>
      registry.register({ name: "bad_zod", toolset: TOOLSET, schema: { parameters: z.object({ ok: z.string(), when: z.date() }) }, handler: () => "" }),
    ).toThrow(/Tool "bad_zod": zod field parameters\.when cannot be expressed in JSON Schema/);
    expect(() =>
      registry.register({ name: "bad_nested", toolset: TOOLSET, schema: { parameters: z.object({ a: z.object({ big: z.bigint() }).optional() }) }, handler: () => "" }),
    ).toThrow(/parameters\.a\.big/);
    expect(registry.getEntry("bad_zod")).toBeUndefined();
  });

  it("name the tool and the JSON Schema field ajv cannot compile", () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ type: "object", properties: { n: { type: "int" } } }, /parameters\.properties\.n\.type "int"/],
      [{ type: "object", properties: { s: { type: "string", pattern: "([" } } }, /parameters\.properties\.s\.pattern/],
      [{ type: "object", required: "n" }, /parameters\.required/],
      [{ type: "object", properties: { r: { $ref: "#/$defs/missing" } } }, /parameters\.properties\.r\.\$ref/],
      [{ type: "object", properties: { l: { type: "array", items: { minItems: "2" } } } }, /parameters\.properties\.l\.items\.minItems/],
    ];
    for (const [parameters, field] of cases) {
      expect(() => registry.register({ name: "bad_json", toolset: TOOLSET, schema: { parameters }, handler: () => "" })).toThrow(/Tool "bad_json"/);
      expect(() => registry.register({ name: "bad_json", toolset: TOOLSET, schema: { parameters }, handler: () => "" })).toThrow(field);
    }
  });
});

describe("typed tools in the agent", () => {
  const startServer = useAgentSandbox();

  it("the model calls both, one with a bad argument it gets told about", async () => {
    registerBoth();
    const server = await startServer({
      replies: [toolCall("typed_roll", { sides: "x" }), toolCall("typed_roll", { sides: 20, times: 2 }), toolCall("typed_greet", { who: "bo" }), text("done")],
    });
    const { agent } = agentOn(server, { toolsets: [TOOLSET] });
    const result = await agent.run("roll");
    expect(result.status).toBe("completed");
    const offered = server.chatRequests[0]!.body!.tools!.map((t) => t.function.name);
    expect(offered).toEqual(["typed_greet", "typed_roll"]);
    const outputs = [...toolResults(agent.messages).values()];
    expect(outputs[0]).toContain("invalid_arguments");
    expect(outputs.slice(1)).toEqual(["rolled 2d20", "hello BO"]);
  });
});

describe("typed tools from the CLI", () => {
  it("a user tool written with zod from quiver, and one with JSON Schema, are listed and called", async () => {
    assertBuilt();
    const { home, cleanup } = tempHome();
    try {
      mkdirSync(join(home, "tools"));
      writeFileSync(
        join(home, "tools", "dice.ts"),
        `import { registry, z } from "quiver";
registry.register({
  name: "roll_dice", toolset: "games",
  schema: { description: "Roll dice.", parameters: z.object({ n: z.number().int().min(1) }) },
  handler: ({ n }: { n: number }) => "rolled " + n,
});
`,
      );
      writeFileSync(
        join(home, "tools", "greet.mjs"),
        `import { registry } from "quiver";
registry.register({ name: "greet", toolset: "games",
  schema: { description: "Greet.", parameters: { type: "object", properties: { who: { type: "string" } }, required: ["who"] } },
  handler: ({ who }) => "hi " + who });
`,
      );
      const env = cliEnv({ QUIVER_HOME: home });
      const list = await runCli(["tools", "list", "--json"], env);
      expect(list.stdout).toContain("roll_dice");
      expect(list.stdout).toContain("greet");
      const good = await runCli(["tools", "call", "roll_dice", '{"n":3}'], env);
      expect(good.stdout).toContain("rolled 3");
      const bad = await runCli(["tools", "call", "roll_dice", '{"n":0}'], env);
      expect(bad.stdout + bad.stderr).toContain("invalid_arguments");
      const json = await runCli(["tools", "call", "greet", '{"who":"ann"}'], env);
      expect(json.stdout).toContain("hi ann");
    } finally {
      cleanup();
    }
  }, 30_000);
});
