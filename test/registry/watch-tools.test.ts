// Hot reload end to end against the built package (dist/, built by `npm test` before vitest
// runs): module imports must be Node's own (vitest would route them through vite), so each
// scenario runs in a fresh `node` that edits the files itself and prints what it saw.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { assertBuilt } from "../helpers/cli.js";

const QUIVER = new URL("../../dist/index.js", import.meta.url).href;

let dir: string;

beforeEach(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), "quiver-watch-"));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `body` (an async module body with `dir`, `file(name, tools, answer, description?)`, `until`, `quiver` in scope). */
function scenario(body: string): Record<string, unknown> {
  const script = `
import { mkdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
const quiver = await import(${JSON.stringify(QUIVER)});
const { registry, watchTools, handleFunctionCall, getToolDefinitions, addLogSink } = quiver;
const dir = ${JSON.stringify(join(dir, "tools"))};
mkdirSync(dir, { recursive: true });
const warnings = [];
addLogSink((r) => { if (r.level === "warn" && r.scope === "watch") warnings.push(r.message); });
function file(rel, names, answer, description = "a watched tool") {
  const lines = names.map((name) => 'registry.register({ name: "' + name + '", toolset: "watched", schema: { description: "' + description + '", parameters: z.object({ n: z.number() }) }, handler: ({ n }: { n: number }) => "' + answer + ' " + n });');
  mkdirSync(join(dir, rel, ".."), { recursive: true });
  writeFileSync(join(dir, rel), 'import { registry, z } from "quiver";\\n' + lines.join("\\n") + "\\n");
}
async function until(check, what) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > 5000) throw new Error("timed out waiting for " + what);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - started;
}
const has = (name) => registry.getEntry(name) !== undefined;
/** Calls \`name\` until it answers \`expected\` (or 3 s pass); returns the last answer. */
async function answers(name, expected) {
  const started = Date.now();
  let last;
  while (Date.now() - started < 3000) {
    last = has(name) ? await handleFunctionCall(name, '{"n":0}') : "(not registered)";
    if (last === expected) return last;
    await new Promise((r) => setTimeout(r, 10));
  }
  return last;
}
const out = {};
${body}
console.log(JSON.stringify(out));
`;
  const stdout = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    env: { ...process.env, QUIVER_HOME: join(dir, "home") },
    timeout: 20_000,
    encoding: "utf8",
  });
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as Record<string, unknown>;
}

describe("watchTools", () => {
  it("follows a file being added, edited (one generation bump), broken, fixed and deleted", () => {
    const out = scenario(`
file("first.ts", ["w_first"], "first");
const kinds = [];
const watcher = await watchTools(dir, { onReload: (r) => kinds.push(r.kind), debounceMs: 20 });
out.initial = has("w_first");

file("dice.ts", ["w_roll", "w_old"], "v1");
out.addedMs = await until(() => has("w_roll") && has("w_old"), "w_roll");
out.v1 = await handleFunctionCall("w_roll", '{"n":1}');

const bumps = [];
const off = registry.onChange((g) => bumps.push(g));
file("dice.ts", ["w_roll", "w_new"], "v2", "edited description");
await until(() => has("w_new"), "w_new");
off();
out.bumps = bumps.length;
out.oldGone = !has("w_old");
out.v2 = await handleFunctionCall("w_roll", '{"n":2}');
out.description = (await getToolDefinitions({ enabledToolsets: ["watched"] })).find((d) => d.function.name === "w_roll").function.description;

writeFileSync(join(dir, "dice.ts"), 'import { registry } from "quiver";\\nregistry.register({ name: "w_roll", toolset: "watched", schema: {}, handler: () => "" ;\\n');
await until(() => !has("w_roll"), "w_roll to go");
out.brokenKeepsOthers = !has("w_new") && has("w_first");
await new Promise((r) => setTimeout(r, 100));
out.warnings = warnings;

file("dice.ts", ["w_roll"], "v3");
await until(() => has("w_roll"), "w_roll back");
unlinkSync(join(dir, "dice.ts"));
await until(() => !has("w_roll"), "w_roll deleted");
out.kinds = kinds;
await watcher.close();
`);
    expect(out.initial).toBe(true);
    expect(out.addedMs as number).toBeLessThan(1_000);
    expect(out.v1).toBe("v1 1");
    expect(out.bumps).toBe(1);
    expect(out.oldGone).toBe(true);
    expect(out.v2).toBe("v2 2");
    expect(out.description).toBe("edited description");
    expect(out.brokenKeepsOthers).toBe(true);
    expect(out.warnings).toHaveLength(1);
    expect((out.warnings as string[])[0]).toContain("dice.ts");
    expect(out.kinds).toEqual(["loaded", "loaded", "loaded", "failed", "loaded", "removed"]);
  }, 25_000);

  it("watches package-form tools (dir/<name>/tool.ts), and close() leaves nothing keeping the process alive", () => {
    const out = scenario(`
const watcher = await watchTools(dir, { debounceMs: 20 });
file("pkg/tool.ts", ["w_pkg"], "pkg");
await until(() => has("w_pkg"), "w_pkg");
rmSync(join(dir, "pkg"), { recursive: true });
await until(() => !has("w_pkg"), "w_pkg to go");
out.ok = true;
await watcher.close();
`);
    // The child exiting at all (execFileSync would time out otherwise) is the close() check.
    expect(out.ok).toBe(true);
  }, 25_000);

  // Each style saves the same file three times: the bug was that the *second* save went unseen.
  const SAVE_STYLES: Record<string, string> = {
    "in place": `file(rel, names, answer);`,
    "atomic rename (vim, sed -i, emacs)": `file(rel + ".tmp", names, answer); renameSync(join(dir, rel + ".tmp"), join(dir, rel));`,
    "delete + create": `unlinkSync(join(dir, rel)); file(rel, names, answer);`,
    "backup dance (rename to rel~, write anew)": `renameSync(join(dir, rel), join(dir, rel + "~")); file(rel, names, answer); unlinkSync(join(dir, rel + "~"));`,
    "JetBrains safe write": `file(rel + "___jb_tmp___", names, answer); renameSync(join(dir, rel), join(dir, rel + "___jb_old___")); renameSync(join(dir, rel + "___jb_tmp___"), join(dir, rel)); unlinkSync(join(dir, rel + "___jb_old___"));`,
  };

  for (const [style, save] of Object.entries(SAVE_STYLES)) {
    it(`reloads every save, ${style}, of a file and of a package's tool.ts`, () => {
      const out = scenario(`
async function save(rel, names, answer) { ${save} }
file("dice.ts", ["w_dice"], "v0");
file("pkg/tool.ts", ["w_pkg"], "p0");
const watcher = await watchTools(dir, { debounceMs: 20 });
out.seen = [];
for (let i = 1; i <= 3; i++) {
  await save("dice.ts", ["w_dice"], "v" + i);
  out.seen.push(await answers("w_dice", "v" + i + " 0"));
  await save("pkg/tool.ts", ["w_pkg"], "p" + i);
  out.seen.push(await answers("w_pkg", "p" + i + " 0"));
}
await watcher.close();
`);
      expect(out.seen).toEqual(["v1 0", "p1 0", "v2 0", "p2 0", "v3 0", "p3 0"]);
    }, 25_000);
  }

  it("drops the resources and prompts a reloaded file no longer registers, keeps those it registers again, and drops all when it is deleted", () => {
    const out = scenario(`
function catalogFile(rel, parts) {
  const lines = ['registry.register({ name: "w_cat", toolset: "watched", schema: { description: "d", parameters: z.object({}) }, handler: () => "ok" });'];
  if (parts.includes("notes")) lines.push('registry.registerResource({ uri: "watch://notes", name: "notes", read: () => "' + parts + '" });');
  if (parts.includes("todo")) lines.push('registry.registerResource({ uri: "watch://todo", name: "todo", read: () => "t" });');
  if (parts.includes("greet")) lines.push('registry.registerPrompt({ name: "w_greet", get: () => "hello" });');
  writeFileSync(join(dir, rel), 'import { registry, z } from "quiver";\\n' + lines.join("\\n") + "\\n");
}
const resources = () => registry.resources.list().map((e) => e.key).filter((k) => k.startsWith("watch://"));
const prompts = () => registry.prompts.list().map((e) => e.name).filter((n) => n.startsWith("w_"));
catalogFile("cat.ts", "notes todo greet");
const watcher = await watchTools(dir, { debounceMs: 20 });
out.first = { resources: resources(), prompts: prompts() };
catalogFile("cat.ts", "notes second");
await until(() => !resources().includes("watch://todo"), "watch://todo to go");
out.second = { resources: resources(), prompts: prompts(), notes: (await registry.resources.read("watch://notes"))[0].text };
unlinkSync(join(dir, "cat.ts"));
await until(() => !has("w_cat"), "w_cat deleted");
out.deleted = { resources: resources(), prompts: prompts() };
await watcher.close();
`);
    expect(out.first).toEqual({ resources: ["watch://notes", "watch://todo"], prompts: ["w_greet"] });
    expect(out.second).toEqual({ resources: ["watch://notes"], prompts: [], notes: "notes second" });
    expect(out.deleted).toEqual({ resources: [], prompts: [] });
  }, 25_000);

  it("re-arms when the watched directory itself is deleted and made again, or replaced by another", () => {
    const out = scenario(`
file("dice.ts", ["w_dice"], "v0");
const watcher = await watchTools(dir, { debounceMs: 20 });
rmSync(dir, { recursive: true });
await until(() => !has("w_dice"), "w_dice to go with its directory");
file("dice.ts", ["w_dice"], "v1");
out.recreated = await answers("w_dice", "v1 0");
file("dice.ts", ["w_dice"], "v2");
out.savedAfter = await answers("w_dice", "v2 0");

// The directory replaced wholesale (a checkout, a sync tool): rename another one over it.
const other = dir + ".new";
mkdirSync(other);
writeFileSync(join(other, "dice.ts"), 'import { registry, z } from "quiver";\\nregistry.register({ name: "w_dice", toolset: "watched", schema: { description: "d", parameters: z.object({ n: z.number() }) }, handler: () => "v3 0" });\\n');
rmSync(dir, { recursive: true });
renameSync(other, dir);
out.replaced = await answers("w_dice", "v3 0");
file("dice.ts", ["w_dice"], "v4");
out.savedInReplacement = await answers("w_dice", "v4 0");
await watcher.close();
`);
    expect(out).toEqual({ recreated: "v1 0", savedAfter: "v2 0", replaced: "v3 0", savedInReplacement: "v4 0" });
  }, 25_000);
});
