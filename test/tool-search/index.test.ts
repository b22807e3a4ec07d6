import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../src/registry/index.js";
import { ToolSearchIndex } from "../../src/tools/tool-search-index.js";
import { analyze, splitIdentifier } from "../../src/tools/tool-search-text.js";

function def(name: string, description: string, properties: Record<string, unknown> = {}): ToolDefinition {
  return { type: "function", function: { name, description, parameters: { type: "object", properties } } };
}

describe("tool search text analysis", () => {
  it("splits snake_case, camelCase, acronyms, dots and digits", () => {
    expect(splitIdentifier("getWeatherForecast")).toEqual(["get", "weather", "forecast"]);
    expect(splitIdentifier("mcp__github__create_pull_request")).toEqual(["mcp", "github", "create", "pull", "request"]);
    expect(splitIdentifier("parseHTMLPage2")).toEqual(["parse", "html", "page", "2"]);
    expect(splitIdentifier("ChaDri.change_drink")).toEqual(["cha", "dri", "change", "drink"]);
  });

  it("drops stop words and meets inflections halfway", () => {
    expect(analyze("How do I list the running processes?")).toEqual(["list", "run", "process"]);
    expect(analyze("listing files")).toEqual(analyze("list file"));
  });
});

describe("ToolSearchIndex", () => {
  it("follows changes in place: new, changed and removed tools", () => {
    const index = new ToolSearchIndex();
    const tools = Array.from({ length: 10 }, (_, i) => def(`tool_${i}`, `generic helper number ${i}`));
    index.sync(tools);
    expect(index.search("volcano", 5)).toEqual([]);
    const changed = [...tools.slice(0, 9), def("tool_9", "Measure volcano eruptions"), def("seismograph", "Record earthquakes", { magnitude: { type: "number" } })];
    index.sync(changed);
    expect(index.size).toBe(11);
    expect(index.search("volcano", 5)).toEqual(["tool_9"]);
    expect(index.search("magnitude", 5)).toEqual(["seismograph"]);
    index.sync(changed.filter((d) => d.function.name !== "tool_9"));
    expect(index.search("volcano", 5)).toEqual([]);
    expect(index.size).toBe(10);
  });

  it("filters hits by name and caps them at the limit", () => {
    const index = new ToolSearchIndex();
    index.sync([def("send_mail", "Send an email"), def("send_sms", "Send a text message"), def("send_fax", "Send a fax")]);
    expect(index.search("send", 2)).toHaveLength(2);
    expect(index.search("send", 5, (name) => name !== "send_sms")).not.toContain("send_sms");
  });
});
