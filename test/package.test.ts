import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");

describe("the built package", () => {
  it('exposes the registry API as `import ... from "quiver"`', () => {
    const script = `
      const q = await import("quiver");
      const names = ["ToolRegistry", "registry", "discoverTools", "moduleRegistersTools", "toolResult", "toolError", "invalidateCheckFnCache",
        "getToolDefinitions", "handleFunctionCall", "Agent", "Session", "connectConfiguredServers"];
      const missing = names.filter((n) => q[n] === undefined);
      const r = new q.ToolRegistry();
      r.register({ name: "t", toolset: "s", schema: { parameters: { type: "object" } }, handler: () => q.toolResult({ ok: true }) });
      console.log(JSON.stringify({ missing, out: await r.dispatch("t", {}), single: q.registry === (await import("quiver")).registry }));
    `;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" });
    expect(JSON.parse(out)).toEqual({ missing: [], out: '{"ok":true}', single: true });
  });
});
