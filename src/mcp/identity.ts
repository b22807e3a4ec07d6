/** How quiver introduces itself to MCP peers, as client and as server. */
import { readFileSync } from "node:fs";

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version?: unknown };
    return typeof pkg.version === "string" ? pkg.version : "0.0.0";
  } catch {
    return "0.0.0";
  }
}

export const QUIVER_IMPLEMENTATION: { name: string; version: string } = Object.freeze({ name: "quiver", version: packageVersion() });
