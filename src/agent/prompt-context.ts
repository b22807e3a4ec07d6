/** A user message with what UserPromptSubmit hooks added to it (Claude Code puts it beside the prompt). */
import type { UserMessage } from "../llm/index.js";

export function withContext(content: UserMessage["content"], context: string | undefined): UserMessage["content"] {
  if (context === undefined) return content;
  const note = `\n\n<user-prompt-submit-hook>\n${context}\n</user-prompt-submit-hook>`;
  if (typeof content === "string") return `${content}${note}`;
  return [...content, { type: "text", text: note.trimStart() }];
}
