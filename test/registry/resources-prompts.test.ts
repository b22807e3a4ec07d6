import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ToolRegistry, registry } from "../../src/registry/index.js";
import { PromptError } from "../../src/registry/prompt-catalog.js";
import { ResourceNotFoundError } from "../../src/registry/resource-catalog.js";
import { discoverTools, moduleRegistersTools } from "../../src/registry/discovery/discovery.js";
import { registersToolsByTypeScript } from "../../src/registry/discovery/typescript.js";
import { scanTopLevel } from "../../src/registry/discovery/scanner.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "quiver-rp-"));
  dirs.push(dir);
  return dir;
}

describe("registerResource", () => {
  it("reads a fixed resource as text, bytes as base64, and fills in uri and mimeType", async () => {
    const r = new ToolRegistry();
    r.registerResource({ uri: "app://notes", name: "notes", mimeType: "text/markdown", read: () => "# notes" });
    r.registerResource({ uri: "app://logo", name: "logo", mimeType: "image/png", read: () => new Uint8Array([1, 2, 3]) });
    expect(await r.resources.read("app://notes")).toEqual([{ uri: "app://notes", mimeType: "text/markdown", text: "# notes" }]);
    expect(await r.resources.read("app://logo")).toEqual([{ uri: "app://logo", mimeType: "image/png", blob: "AQID" }]);
    expect(r.resources.list().map((e) => e.key)).toEqual(["app://logo", "app://notes"]);
  });

  it("matches a template, hands read its variables (decoded), and completes them", async () => {
    const r = new ToolRegistry();
    r.registerResource({
      uriTemplate: "db://{table}/rows/{id}",
      name: "row",
      read: (uri, vars) => JSON.stringify({ href: uri.href, ...vars }),
      complete: { table: (v) => ["users", "orders"].filter((t) => t.startsWith(v)) },
    });
    const [item] = await r.resources.read("db://users/rows/a%20b");
    expect(JSON.parse((item as { text: string }).text)).toEqual({ href: "db://users/rows/a%20b", table: "users", id: "a b" });
    expect(await r.resources.complete("db://{table}/rows/{id}", "table", "o", {})).toEqual(["orders"]);
    expect(await r.resources.complete("db://{table}/rows/{id}", "id", "", {})).toEqual([]);
    // One segment per {var}: a slash does not match it, nor an encoded one, nor a dot segment.
    for (const uri of ["db://users/rows/1/extra", "db://users/rows/..%2F..%2Fetc%2Fpasswd", "db://users/rows/..", "db://users/rows/%2E%2E"]) {
      await expect(r.resources.read(uri), uri).rejects.toBeInstanceOf(ResourceNotFoundError);
    }
    // {+var} takes anything, slashes included.
    r.registerResource({ uriTemplate: "repo://{+path}", name: "path", read: (_u, { path }) => path! });
    expect(await r.resources.read("repo://src/a%20b.ts")).toEqual([{ uri: "repo://src/a%20b.ts", text: "src/a b.ts" }]);
  });

  it("refuses authoring mistakes with a TypeError naming the resource and the field", () => {
    const r = new ToolRegistry();
    const read = () => "";
    expect(() => r.registerResource({ name: "x", read } as never)).toThrow(/registerResource \(no uri\): give exactly one of uri and uriTemplate/);
    expect(() => r.registerResource({ uri: "not a uri", name: "x", read })).toThrow(/registerResource not a uri: uri must be an absolute URI/);
    expect(() => r.registerResource({ uri: "app://x", name: "", read })).toThrow(/app:\/\/x: name must be a non-empty string/);
    expect(() => r.registerResource({ uri: "app://x", name: "x" } as never)).toThrow(/read must be a function/);
    expect(() => r.registerResource({ uriTemplate: "app://{a-b}", name: "x", read })).toThrow(/expression \{a-b\} is not supported/);
    expect(() => r.registerResource({ uriTemplate: "app://fixed", name: "x", read })).toThrow(/has no \{variable\}: register it with uri instead/);
    expect(() => r.registerResource({ uriTemplate: "app://{a}", name: "x", read, complete: { b: () => [] } })).toThrow(/complete\.b: not a variable/);
    expect(r.resources.size).toBe(0);
  });

  it("says what a bad read returned, and an unknown URI is ResourceNotFoundError", async () => {
    const r = new ToolRegistry();
    r.registerResource({ uri: "app://bad", name: "bad", read: () => ({ nope: 1 }) as never });
    await expect(r.resources.read("app://bad")).rejects.toThrow(/resource app:\/\/bad: read returned an object with keys \["nope"\]/);
    await expect(r.resources.read("app://missing")).rejects.toThrow(/Resource not found: app:\/\/missing/);
  });

  it("tells subscribers of a URI about notifyUpdated and about its file changing; unsubscribe stops both", async () => {
    const r = new ToolRegistry();
    const file = join(tempDir(), "watched.txt");
    writeFileSync(file, "one");
    const handle = r.registerResource({ uri: "app://watched", name: "watched", file, read: () => "x" });
    const heard: string[] = [];
    const unsubscribe = r.resources.subscribe("app://watched", (uri) => heard.push(uri));
    handle.notifyUpdated();
    expect(heard).toEqual(["app://watched"]);
    writeFileSync(file, "two, longer");
    await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(2);
    unsubscribe();
    handle.notifyUpdated();
    expect(heard.length).toBe(2);
  });

  it("announces registration and removal; registering the same URI again replaces it", async () => {
    const r = new ToolRegistry();
    let changes = 0;
    r.resources.onChange(() => changes++);
    r.registerResource({ uri: "app://x", name: "x", read: () => "old" });
    const handle = r.registerResource({ uri: "app://x", name: "x", read: () => "new" });
    expect(await r.resources.read("app://x")).toEqual([{ uri: "app://x", text: "new" }]);
    handle.remove();
    expect(r.resources.size).toBe(0);
    expect(changes).toBe(3);
  });
});

describe("registerPrompt", () => {
  it("gets a prompt: a string is one user message, image parts become MCP image blocks", async () => {
    const r = new ToolRegistry();
    r.registerPrompt({ name: "greet", arguments: [{ name: "who", required: true }], get: ({ who }) => `Hello ${who}` });
    r.registerPrompt({
      name: "look",
      get: () => ({ description: "d", messages: [{ role: "user", content: { type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } } }] }),
    });
    expect(await r.prompts.get("greet", { who: "Ada" })).toEqual({ messages: [{ role: "user", content: { type: "text", text: "Hello Ada" } }] });
    expect(await r.prompts.get("look")).toEqual({ description: "d", messages: [{ role: "user", content: { type: "image", mimeType: "image/png", data: "AAAA" } }] });
  });

  it("refuses a missing required argument and an unknown prompt with a PromptError that says which", async () => {
    const r = new ToolRegistry();
    r.registerPrompt({ name: "greet", arguments: [{ name: "who", required: true }, { name: "tone" }], get: () => "" });
    await expect(r.prompts.get("greet", { tone: "warm" })).rejects.toThrow(/Prompt greet needs argument\(s\) who/);
    const err = await r.prompts.get("nope").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PromptError);
    expect((err as PromptError).kind).toBe("not-found");
    expect((err as Error).message).toMatch(/registered: greet/);
  });

  it("completes an argument with its complete function, and the other arguments as context", async () => {
    const r = new ToolRegistry();
    r.registerPrompt({
      name: "city",
      arguments: [{ name: "country" }, { name: "city", complete: (v, { arguments: a }) => (a.country === "fr" ? ["paris", "pau"] : ["porto"]).filter((c) => c.startsWith(v)) }],
      get: () => "",
    });
    expect(await r.prompts.complete("city", "city", "par", { country: "fr" })).toEqual(["paris"]);
    expect(await r.prompts.complete("city", "country", "f", {})).toEqual([]);
  });

  it("refuses authoring mistakes with a TypeError naming the prompt and the field", () => {
    const r = new ToolRegistry();
    expect(() => r.registerPrompt({ name: "has space", get: () => "" })).toThrow(/registerPrompt has space: name must be/);
    expect(() => r.registerPrompt({ name: "p" } as never)).toThrow(/registerPrompt p: get must be a function/);
    expect(() => r.registerPrompt({ name: "p", arguments: [{ name: "a" }, { name: "a" }], get: () => "" })).toThrow(/argument "a" is declared twice/);
    expect(r.prompts.size).toBe(0);
  });

  it("says what a bad get returned", async () => {
    const r = new ToolRegistry();
    r.registerPrompt({ name: "p", get: () => ({ messages: [{ role: "system", content: "x" }] }) as never });
    await expect(r.prompts.get("p")).rejects.toThrow(/prompt p: messages\[0\]\.role must be "user" or "assistant"/);
  });
});

describe("discovery finds resource and prompt files like tool files", () => {
  const RESOURCE_ONLY = `import { registry } from "quiver";\nregistry.registerResource({ uri: "app://a", name: "a", read: () => "a" });\n`;
  const PROMPT_ONLY = `import { registry } from "quiver";\nregistry.registerPrompt({ name: "p", get: () => "p" });\n`;
  const IN_FUNCTION = `import { registry } from "quiver";\nexport function later() {\n  registry.registerPrompt({ name: "p", get: () => "p" });\n}\n`;
  const OTHER_METHOD = `import { registry } from "quiver";\nregistry.registerSomething({ name: "p" });\n`;

  it("the scanner and the TypeScript parser agree: top-level registerResource/registerPrompt registers, elsewhere not", () => {
    for (const [source, expected] of [[RESOURCE_ONLY, true], [PROMPT_ONLY, true], [IN_FUNCTION, false], [OTHER_METHOD, false]] as const) {
      expect(scanTopLevel(Buffer.from(source)) === "registers", source).toBe(expected);
      expect(registersToolsByTypeScript("x.ts", source).registers, source).toBe(expected);
    }
  });

  it("imports exactly the files that register resources or prompts at their top level", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "res.mjs"), RESOURCE_ONLY);
    writeFileSync(join(dir, "prompt.mjs"), PROMPT_ONLY);
    writeFileSync(join(dir, "helper.mjs"), IN_FUNCTION);
    expect(moduleRegistersTools(join(dir, "res.mjs"))).toBe(true);
    const imported: string[] = [];
    await discoverTools(dir, { cacheFile: false, importModule: async (path) => void imported.push(path) });
    expect(imported).toEqual([join(dir, "prompt.mjs"), join(dir, "res.mjs")]);
  });

  it("a cache written before resources and prompts counted is rejudged: its 'registers nothing' no longer hides such a file", async () => {
    const dir = tempDir();
    const file = join(dir, "res.mjs");
    writeFileSync(file, RESOURCE_ONLY);
    const { mtimeMs, size } = statSync(file);
    const cacheFile = join(tempDir(), "cache.json");
    writeFileSync(cacheFile, JSON.stringify({ [file]: [mtimeMs, size, false] }));
    const imported: string[] = [];
    await discoverTools(dir, { cacheFile, importModule: async (path) => void imported.push(path) });
    expect(imported).toEqual([file]);
    // The rewritten cache carries the marker, so the next start trusts its verdicts.
    expect(JSON.parse(readFileSync(cacheFile, "utf8"))).toMatchObject({ "judge:resources-prompts": true, [file]: [mtimeMs, size, true] });
  });

  it("the process registry has the catalogs (a user file's registry.registerResource lands in what serve reads)", () => {
    expect(typeof registry.registerResource).toBe("function");
    expect(registry.resources).toBeDefined();
    expect(registry.prompts).toBeDefined();
  });
});
