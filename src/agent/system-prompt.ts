/** The default system prompt: what the agent can do, where it runs, and today's date. */
import { platform } from "node:os";

export interface SystemPromptContext {
  /** Names of the tools the model is given. */
  tools: readonly string[];
  cwd: string;
  now?: Date;
}

export function defaultSystemPrompt(ctx: SystemPromptContext): string {
  const now = ctx.now ?? new Date();
  const date = now.toLocaleDateString("en-CA");
  const weekday = now.toLocaleDateString("en-US", { weekday: "long" });
  const tools = ctx.tools.length > 0 ? ctx.tools.join(", ") : "none in this session";
  return [
    "You are quiver, an agent that gets things done on the user's machine by calling tools.",
    capabilities(ctx.tools),
    `Your tools: ${tools}.`,
    "",
    `Working directory: ${ctx.cwd}`,
    `Platform: ${platform()}`,
    `Today: ${date} (${weekday})`,
    "",
    "How to work:",
    "- Look before you act: read files and inspect the system instead of guessing.",
    "- Prefer small, reversible steps; say what you changed.",
    "- When a tool returns an error, read it and adjust the call rather than repeating it unchanged.",
    "- Calls of read-only tools in one reply run in parallel; batch independent reads.",
    "- Answer concisely in Markdown. When you are done, give the result, not a narration of every step.",
  ].join("\n");
}

function capabilities(tools: readonly string[]): string {
  const has = (name: string): boolean => tools.includes(name);
  const can: string[] = [];
  if (has("terminal")) can.push("run shell commands");
  if (has("read_file")) can.push("read files");
  if (has("search_files")) can.push("search file names and contents");
  if (has("write_file") || has("patch")) can.push("create and edit files");
  if (tools.some((name) => name.startsWith("mcp__"))) can.push("use tools of connected MCP servers");
  if (can.length > 0) return `You can ${joinList(can)}.`;
  return tools.length > 0 ? "You can use the tools listed below." : "No tools are enabled: answer from your own knowledge.";
}

function joinList(items: string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
