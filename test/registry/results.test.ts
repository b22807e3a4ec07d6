import { describe, expect, it } from "vitest";
import { toolError, toolResult } from "../../src/registry/index.js";

describe("toolResult", () => {
  it("serialises data and keeps non-ASCII as is", () => {
    expect(toolResult({ msg: "héllo 世界 🚀" })).toBe('{"msg":"héllo 世界 🚀"}');
  });
  it("turns undefined into {}", () => {
    expect(toolResult()).toBe("{}");
  });
  it("returns an error instead of throwing on unserialisable data", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(JSON.parse(toolResult(cyclic)).error).toMatch(/not JSON-serialisable/);
  });
});

describe("toolError", () => {
  it("builds {error, ...extra}", () => {
    expect(JSON.parse(toolError("bad", { error_type: "x", n: 1 }))).toEqual({ error: "bad", error_type: "x", n: 1 });
  });
  it("keeps the message when extra tries to overwrite it", () => {
    expect(JSON.parse(toolError("real", { error: "fake" })).error).toBe("real");
  });
  it("bounds the message at 2048 chars plus a marker", () => {
    const body = JSON.parse(toolError("é".repeat(3000)));
    expect(body.error).toBe("é".repeat(2048) + "… [truncated]");
  });
});
