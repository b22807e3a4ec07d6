import { afterEach, describe, expect, it } from "vitest";
import { registry } from "../../src/registry/index.js";
import { loadBuiltinTools } from "../../src/calls/model-tools.js";
import { TOOLSETS, listToolsetNames, resolveToolSelection, resolveToolset, validateToolset } from "../../src/calls/toolsets.js";

const registered: string[] = [];
function add(name: string, toolset: string) {
  registry.register({ name, toolset, schema: { parameters: { type: "object" } }, handler: () => "{}" });
  registered.push(name);
}
afterEach(() => {
  for (const name of registered.splice(0)) registry.deregister(name);
});

describe("toolsets", () => {
  it("declares only the coding composite: the tools' own registrations say what terminal and file hold", () => {
    expect(Object.keys(TOOLSETS)).toEqual(["coding"]);
    expect(TOOLSETS.coding?.tools).toEqual([]);
    expect(TOOLSETS.coding?.includes).toEqual(["terminal", "file"]);
    add("ts_probe_shell", "terminal");
    add("ts_probe_reader", "file");
    expect([...resolveToolset("coding")].sort()).toEqual(expect.arrayContaining(["ts_probe_reader", "ts_probe_shell"]));
    expect(resolveToolset("terminal").has("ts_probe_reader")).toBe(false);
  });

  it("resolves file, coding and all over the built-in tools as before", async () => {
    await loadBuiltinTools();
    expect([...resolveToolset("file")].sort()).toEqual(["patch", "read_file", "search_files", "write_file"]);
    expect([...resolveToolset("terminal")]).toEqual(["terminal"]);
    expect([...resolveToolset("coding")].sort()).toEqual(["patch", "read_file", "search_files", "terminal", "write_file"]);
    expect(resolveToolset("all")).toEqual(new Set(registry.getAllToolNames()));
    expect(["coding", "file", "terminal"].every(validateToolset)).toBe(true);
  });

  it("describes the built-in toolsets where toolsets are listed", async () => {
    await loadBuiltinTools();
    const report = await registry.getAvailableToolsets();
    expect(report.terminal?.description).toBe("Run shell commands");
    expect(report.file?.description).toBe("Read, write, search and patch files");
  });

  it("adds registry-known tools of the same toolset name", () => {
    add("ts_probe_tool", "file");
    expect(resolveToolset("file").has("ts_probe_tool")).toBe(true);
    expect(resolveToolset("coding").has("ts_probe_tool")).toBe(true);
  });

  it("resolves registry toolsets and their aliases", () => {
    add("mcp__gh__issues", "mcp-gh");
    registry.registerToolsetAlias("gh", "mcp-gh");
    expect([...resolveToolset("gh")]).toEqual(["mcp__gh__issues"]);
    expect(validateToolset("gh")).toBe(true);
    expect(validateToolset("mcp-gh")).toBe(true);
    expect(listToolsetNames()).toEqual(expect.arrayContaining(["coding", "file", "gh", "mcp-gh", "terminal"]));
  });

  it("makes all and * stand for every registered tool", () => {
    add("ts_probe_a", "alpha");
    add("ts_probe_b", "beta");
    expect(resolveToolset("all")).toEqual(new Set(registry.getAllToolNames()));
    expect(resolveToolset("*")).toEqual(new Set(registry.getAllToolNames()));
  });

  it("survives alias cycles", () => {
    registry.registerToolsetAlias("loop1", "loop2");
    registry.registerToolsetAlias("loop2", "loop1");
    expect(resolveToolset("loop1").size).toBe(0);
  });

  it("subtracts disabled toolsets last, whatever the order", () => {
    expect([...resolveToolSelection(["coding"], ["terminal"])].sort()).toEqual(["patch", "read_file", "search_files", "write_file"]);
    expect([...resolveToolSelection(["terminal", "coding"], ["coding"])]).toEqual([]);
  });

  it("rejects unknown toolset names", () => {
    expect(validateToolset("nope")).toBe(false);
    expect(resolveToolset("nope").size).toBe(0);
  });
});
