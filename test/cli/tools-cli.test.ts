import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliEnv, runCli, tempHome } from "../helpers/cli.js";

let home = "";
let cleanup = () => {};
let work = "";
let cleanupWork = () => {};
let env: Record<string, string> = {};

beforeAll(() => {
  ({ home, cleanup } = tempHome());
  env = { QUIVER_HOME: home };
  // Outside $QUIVER_HOME: reading inside it is a protected read with a prompt of its own.
  ({ home: work, cleanup: cleanupWork } = tempHome("quiver-cli-work-"));
  writeFileSync(join(work, "notes.txt"), "alpha\nbeta\ngamma\n");
  mkdirSync(join(home, "tools"), { recursive: true });
  writeFileSync(
    join(home, "tools", "weather.mjs"),
    `import { registry } from "quiver";
registry.register({
  name: "weather",
  toolset: "weather",
  emoji: "🌦️",
  requiresEnv: ["WEATHER_API_KEY_FOR_TEST"],
  schema: { description: "Weather for a city. Needs a key.", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
  handler: (args) => JSON.stringify({ city: args.city, sky: "clear" }),
});
`,
  );
});
afterAll(() => {
  cleanup();
  cleanupWork();
});

describe("quiver tools list", () => {
  it("prints every built-in tool grouped by toolset, plus user tools with missing env vars", async () => {
    const r = await runCli(["tools", "list"], cliEnv(env));
    expect(r.code).toBe(0);
    for (const name of ["terminal", "read_file", "write_file", "search_files", "patch", "weather"]) expect(r.stdout).toContain(name);
    expect(r.stdout).toMatch(/^file \(available\)/m);
    expect(r.stdout).toMatch(/^terminal \(available\)/m);
    expect(r.stdout).toContain("[missing env: WEATHER_API_KEY_FOR_TEST]");
    expect(r.stdout).toContain("🌦️");
  });

  it("lists the resources and prompts user files register, in a section of their own and in --json", async () => {
    const own = tempHome();
    try {
      mkdirSync(join(own.home, "tools"));
      writeFileSync(
        join(own.home, "tools", "notes.mjs"),
        `import { registry } from "quiver";
registry.registerResource({ uri: "notes://today", name: "today", mimeType: "text/markdown", description: "Today's notes.", read: () => "# today" });
registry.registerResource({ uriTemplate: "notes://day/{date}", name: "day", read: (_u, { date }) => date });
registry.registerPrompt({ name: "summarise", description: "Summarise notes.", arguments: [{ name: "date", required: true }, { name: "tone" }], get: () => "" });
`,
      );
      const r = await runCli(["tools", "list"], cliEnv({ QUIVER_HOME: own.home }));
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^resources \(2\)/m);
      expect(r.stdout).toMatch(/^ {2}notes:\/\/today +text\/markdown +Today's notes\.$/m);
      expect(r.stdout).toMatch(/^ {2}notes:\/\/day\/\{date\}/m);
      expect(r.stdout).toMatch(/^ {2}summarise +\(date, tone\?\) +Summarise notes\.$/m);
      const json = JSON.parse((await runCli(["tools", "list", "--json"], cliEnv({ QUIVER_HOME: own.home }))).stdout) as Record<string, unknown>;
      expect(json.resources).toEqual([{ uri: "notes://today", name: "today", mimeType: "text/markdown", description: "Today's notes." }]);
      expect(json.resourceTemplates).toEqual([{ uriTemplate: "notes://day/{date}", name: "day" }]);
      expect(json.prompts).toEqual([{ name: "summarise", description: "Summarise notes.", arguments: [{ name: "date", required: true }, { name: "tone", required: false }] }]);
    } finally {
      own.cleanup();
    }
  });

  it("emits JSON for scripts", async () => {
    const r = await runCli(["tools", "list", "--json"], cliEnv(env));
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as { toolsets: Array<{ name: string; available: boolean; tools: Array<{ name: string; missingEnv: string[] }> }> };
    const file = body.toolsets.find((t) => t.name === "file");
    expect(file?.available).toBe(true);
    expect(file?.tools.map((t) => t.name).sort()).toEqual(["patch", "read_file", "search_files", "write_file"]);
    expect(body.toolsets.find((t) => t.name === "weather")?.tools[0]?.missingEnv).toEqual(["WEATHER_API_KEY_FOR_TEST"]);
  });

  it("shows each tool's and toolset's token cost and the request total", async () => {
    const r = await runCli(["tools", "list", "--json"], cliEnv(env));
    const body = JSON.parse(r.stdout) as {
      toolsets: Array<{ name: string; tokens: number; tools: Array<{ name: string; tokens: number | null }> }>;
      tokens: { total: number; encoding: string };
    };
    const file = body.toolsets.find((t) => t.name === "file")!;
    for (const tool of file.tools) expect(tool.tokens).toBeGreaterThan(20);
    expect(file.tokens).toBe(file.tools.reduce((n, t) => n + (t.tokens ?? 0), 0));
    expect(body.toolsets.find((t) => t.name === "weather")?.tools[0]?.tokens).toBeGreaterThan(20);
    expect(body.tokens).toEqual({ total: body.toolsets.reduce((n, t) => n + t.tokens, 0), encoding: "o200k_base" });
    const text = await runCli(["tools", "list"], cliEnv(env));
    expect(text.stdout).toMatch(new RegExp(`^file \\(available\\) ${file.tokens} tokens`, "m"));
    expect(text.stdout).toContain(`sends ${body.tokens.total.toLocaleString("en-US")} tokens of definitions`);
  });

  it("remembers token counts in $QUIVER_HOME/cache and gives the same ones from there, even after damage", async () => {
    const own = tempHome();
    try {
      const ownEnv = cliEnv({ QUIVER_HOME: own.home });
      const totals: number[] = [];
      for (const damage of [undefined, undefined, "{ truncated"]) {
        if (damage !== undefined) writeFileSync(join(own.home, "cache", "token-counts.json"), damage);
        const r = await runCli(["tools", "list", "--json"], ownEnv);
        totals.push((JSON.parse(r.stdout) as { tokens: { total: number } }).tokens.total);
        const stored = JSON.parse(readFileSync(join(own.home, "cache", "token-counts.json"), "utf8")) as Record<string, number>;
        expect(Object.keys(stored).length).toBeGreaterThan(5);
      }
      expect(new Set(totals).size).toBe(1);
    } finally {
      own.cleanup();
    }
  });

  it("filters by toolset and refuses an unknown one", async () => {
    const r = await runCli(["tools", "list", "--toolsets", "terminal"], cliEnv(env));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("terminal");
    expect(r.stdout).not.toContain("read_file");
    const bad = await runCli(["tools", "list", "--toolsets", "nope"], cliEnv(env));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown toolset "nope"/);
  });
});

describe("quiver tools show", () => {
  it("prints the definition the model sees", async () => {
    const r = await runCli(["tools", "show", "read_file"], cliEnv(env));
    expect(r.code).toBe(0);
    const def = JSON.parse(r.stdout) as { type: string; function: { name: string; parameters: { required: string[] } } };
    expect(def.type).toBe("function");
    expect(def.function.name).toBe("read_file");
    expect(def.function.parameters.required).toContain("path");
  });

  it("suggests the closest name for an unknown tool and exits 2", async () => {
    const r = await runCli(["tools", "show", "read_fil"], cliEnv(env));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown tool "read_fil"\. Did you mean read_file/);
  });
});

describe("quiver tools call", () => {
  it("runs a tool and prints its result", async () => {
    const r = await runCli(["tools", "call", "read_file", JSON.stringify({ path: join(work, "notes.txt") })], cliEnv(env));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("2|beta");
  });

  it("runs a user tool from $QUIVER_HOME/tools", async () => {
    const r = await runCli(["tools", "call", "weather", '{"city":"Oslo"}'], cliEnv(env));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ city: "Oslo", sky: "clear" });
  });

  it("reads arguments from stdin with -", async () => {
    const r = await runCli(["tools", "call", "terminal", "-"], cliEnv(env), { input: '{"command":"echo from-stdin"}' });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).output).toContain("from-stdin");
  });

  it("exits 1 when the tool returns an error", async () => {
    const r = await runCli(["tools", "call", "read_file", '{"path":"/definitely/not/here"}'], cliEnv(env));
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error).toBeTruthy();
  });

  it("exits 1 with validation details for arguments that break the schema", async () => {
    const r = await runCli(["tools", "call", "read_file", '{"offset":2}'], cliEnv(env));
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ error_type: "invalid_arguments" });
  });

  it("exits 2 on arguments that are not JSON", async () => {
    const r = await runCli(["tools", "call", "read_file", "{path:"], cliEnv(env));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not valid JSON/);
  });

  it("exits 2 on an unknown tool", async () => {
    const r = await runCli(["tools", "call", "terminl", "{}"], cliEnv(env));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Did you mean terminal/);
  });

  it("refuses a dangerous command without a TTY, and runs it with --yes", async () => {
    // In a project of its own (the sandbox's writable root), not $QUIVER_HOME, which the sandbox hides.
    const project = mkdtempSync(join(tmpdir(), "quiver-cli-project-"));
    const dir = join(project, "victim");
    mkdirSync(join(dir, "sub"), { recursive: true });
    const args = JSON.stringify({ command: `rm -r ${dir}/sub && echo removed` });
    const refused = await runCli(["tools", "call", "terminal", args], cliEnv(env), { cwd: project });
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).error).toMatch(/approv/i);
    expect(existsSync(join(dir, "sub"))).toBe(true);
    const allowed = await runCli(["tools", "call", "terminal", args, "--yes"], cliEnv(env), { cwd: project });
    rmSync(project, { recursive: true, force: true });
    expect(allowed.code).toBe(0);
    expect(JSON.parse(allowed.stdout).output).toContain("removed");
    rmSync(join(dir, ".."), { recursive: true, force: true });
  });

  it("refuses a hardline command even with --yes", async () => {
    const r = await runCli(["tools", "call", "terminal", '{"command":"rm -rf /"}', "--yes"], cliEnv(env));
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error).toBeTruthy();
  });
});

describe("quiver --help", () => {
  it("teaches the commands", async () => {
    const r = await runCli(["--help"], cliEnv(env));
    expect(r.code).toBe(0);
    for (const cmd of ["chat", "tools", "serve", "doctor", "sessions", "mcp"]) expect(r.stdout).toContain(cmd);
  });
});
