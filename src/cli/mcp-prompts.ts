/**
 * The REPL's doors to MCP resources and prompts: `@server:uri` in a message attaches that
 * resource's contents, and `/prompts` lists the servers' prompts or sends one, filled in.
 */
import type { McpManager } from "../mcp/manager.js";
import { readResource } from "../mcp/resource-tools.js";
import type { ToolOutput } from "../registry/index.js";

/** Reading a resource or prompt from the REPL must not hang the prompt. */
const REQUEST_TIMEOUT_MS = 30_000;
const MENTION = /(^|\s)@([A-Za-z0-9_.-]+):(\S+)/g;

/**
 * The message with every `@server:uri` of a connected server that has resources appended as
 * an attachment; other `@…` words are left alone. Failures are reported and skipped.
 */
export async function attachResources(message: string, mcp: McpManager | undefined, report: (text: string) => void): Promise<string> {
  if (mcp === undefined || !message.includes("@")) return message;
  const attachments: string[] = [];
  for (const [, , server, uri] of message.matchAll(MENTION)) {
    const client = mcp.connection(server as string)?.client;
    if (client?.getServerCapabilities()?.resources === undefined) continue;
    try {
      const body = outputText(await readResource(client, uri as string, { timeout: REQUEST_TIMEOUT_MS }));
      attachments.push(`<resource server="${server}" uri="${uri}">\n${body}\n</resource>`);
      report(`📎 attached ${server}:${uri} (${body.length} characters)`);
    } catch (err) {
      report(`could not read ${server}:${uri}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return attachments.length === 0 ? message : `${message}\n\n${attachments.join("\n\n")}`;
}

/** `/prompts` lists every server's prompts; `/prompts <server> <name> [key=value …]` returns the prompt's text to send. */
export async function promptsCommand(arg: string, mcp: McpManager | undefined, print: (text: string) => void): Promise<string | undefined> {
  if (mcp === undefined) {
    print("No MCP servers are configured.");
    return undefined;
  }
  const [server, name, ...pairs] = arg.split(/\s+/).filter((w) => w !== "");
  if (server === undefined) {
    await listPrompts(mcp, print);
    return undefined;
  }
  const client = mcp.connection(server)?.client;
  if (client === undefined || name === undefined) {
    print(client === undefined ? `MCP server "${server}" is not connected.` : "Usage: /prompts <server> <prompt> [key=value …]");
    return undefined;
  }
  const args = Object.fromEntries(pairs.map((p) => [p.slice(0, Math.max(0, p.indexOf("="))), p.slice(p.indexOf("=") + 1)]).filter(([k]) => k !== ""));
  try {
    const result = await client.getPrompt({ name, arguments: args }, { timeout: REQUEST_TIMEOUT_MS });
    return result.messages.map((m) => (m.content.type === "text" ? m.content.text : `[${m.content.type}]`)).join("\n\n");
  } catch (err) {
    print(`Prompt "${name}" of "${server}" failed: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}

async function listPrompts(mcp: McpManager, print: (text: string) => void): Promise<void> {
  const lines: string[] = [];
  for (const server of mcp.serverNames) {
    const client = mcp.connection(server)?.client;
    if (client?.getServerCapabilities()?.prompts === undefined) continue;
    const { prompts } = await client.listPrompts(undefined, { timeout: REQUEST_TIMEOUT_MS });
    for (const p of prompts) {
      const args = (p.arguments ?? []).map((a) => `${a.name}=${a.required === true ? "…" : "[…]"}`).join(" ");
      lines.push(`  /prompts ${server} ${p.name}${args !== "" ? ` ${args}` : ""}${p.description !== undefined ? `  — ${p.description}` : ""}`);
    }
  }
  print(lines.length > 0 ? `Prompts of the connected MCP servers:\n${lines.join("\n")}` : "No connected MCP server offers prompts.");
}

function outputText(output: ToolOutput): string {
  if (typeof output !== "string") return String(output.text_summary ?? "");
  const parsed = JSON.parse(output) as { result?: unknown; error?: unknown };
  if (parsed.error !== undefined) throw new Error(String(parsed.error));
  return typeof parsed.result === "string" ? parsed.result : JSON.stringify(parsed.result);
}
