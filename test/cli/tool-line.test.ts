/** The tool line: other errors are cut to a few words, an approval no one could give is shown whole. */
import { describe, expect, it } from "vitest";
import type { ToolEndEvent, ToolStartEvent } from "../../src/agent/index.js";
import { styleFor } from "../../src/cli/style.js";
import { toolEndLine } from "../../src/cli/tool-line.js";

const plain = styleFor({ isTTY: false } as NodeJS.WritableStream & { isTTY: boolean });
const start: ToolStartEvent = { type: "tool_start", id: "c1", name: "write_file", args: { path: "/tmp/x" }, emoji: "✍️" };
const end = (error: string, extra: Record<string, unknown>): ToolEndEvent => {
  const result = JSON.stringify({ error, ...extra });
  return { type: "tool_end", id: "c1", name: "write_file", duration: 3, ok: false, error, size: result.length, result };
};
const LONG = `Writing /tmp/x needs the user's approval (writing into the home) and was not run. ${"To allow it, rerun with --yes. ".repeat(5)}`;

describe("toolEndLine", () => {
  it("shows approval_required whole, on its own line", () => {
    const line = toolEndLine(start, end(LONG, { error_type: "approval_required" }), plain);
    expect(line).toContain(LONG.trim());
    expect(line).not.toContain("…");
    expect(line.split("\n")).toHaveLength(2);
  });

  it("cuts other errors to a few words", () => {
    const line = toolEndLine(start, end(LONG, { error_type: "io_error" }), plain);
    expect(line).toContain("…");
    expect(line).not.toContain(LONG.trim());
  });
});

describe("model text on the tool line", () => {
  it("shows control characters instead of sending them to the terminal", () => {
    const evil: ToolStartEvent = { ...start, name: "terminal", args: { command: "ls \x1b]52;c;ZWNobw==\x07 \x1b[2J" } };
    const line = toolEndLine(evil, end("bad \x1b[31mred", { error_type: "approval_required" }), plain);
    expect(line).not.toMatch(/[\x1b\x07]/);
    expect(line).toContain("ls ^[]52;c;ZWNobw==^G ^[[2J");
    expect(line).toContain("bad ^[[31mred");
  });
});
