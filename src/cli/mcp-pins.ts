/** `quiver mcp diff <server>` and `quiver mcp accept <server> [tool]`: review and accept MCP tools withheld by their pins. */
import { acceptPins, pinOf, readPins } from "../mcp/pins.js";
import { CliError, EXIT } from "./exit-codes.js";
import { startRuntime } from "./runtime.js";

type ListedTool = { name: string; description?: string; inputSchema: unknown };

async function listed(server: string): Promise<{ tools: ListedTool[]; close: () => Promise<void> }> {
  const runtime = await startRuntime({ report: () => {} });
  const tools = runtime.mcp?.listedTools(server);
  if (tools === undefined) {
    await runtime.close();
    throw new CliError(`MCP server "${server}" is not connected (or not configured); \`quiver mcp list\` shows its state.`);
  }
  return { tools: tools as ListedTool[], close: () => runtime.close() };
}

export async function diffMcpPins(server: string): Promise<number> {
  const { tools, close } = await listed(server);
  try {
    const pins = readPins()[server] ?? {};
    const out: string[] = [];
    for (const tool of tools) {
      const pin = pins[tool.name];
      const now = pinOf(tool as Parameters<typeof pinOf>[0]);
      if (pin === undefined || pin.hash === now.hash) continue;
      out.push(`tool ${tool.name} changed since first use (pinned ${pin.pinnedAt}):`);
      if (pin.description !== now.description) out.push(`  description was:\n${indent(pin.description)}`, `  description now:\n${indent(now.description)}`);
      const [was, is] = [JSON.stringify(pin.inputSchema, null, 2), JSON.stringify(now.inputSchema, null, 2)];
      if (was !== is) out.push(`  input schema was:\n${indent(was)}`, `  input schema now:\n${indent(is)}`);
      out.push(`  accept with: quiver mcp accept ${server} ${tool.name}`);
    }
    process.stdout.write(out.length === 0 ? `No tool of MCP server "${server}" changed since it was pinned.\n` : `${out.join("\n")}\n`);
    return EXIT.ok;
  } finally {
    await close();
  }
}

export async function acceptMcpPins(server: string, tool: string | undefined): Promise<number> {
  const { tools, close } = await listed(server);
  try {
    if (tool !== undefined && !tools.some((t) => t.name === tool)) throw new CliError(`MCP server "${server}" offers no tool "${tool}" now.`);
    const accepted = acceptPins(server, tools as Parameters<typeof acceptPins>[1], tool);
    process.stdout.write(
      accepted.length === 0 ? `Nothing to accept: the pins of "${server}" match what it offers.\n` : `Accepted ${accepted.join(", ")} of "${server}"; running sessions pick it up when they reconnect.\n`,
    );
    return EXIT.ok;
  } finally {
    await close();
  }
}

function indent(text: string): string {
  return text.split("\n").map((line) => `    │ ${line}`).join("\n");
}
