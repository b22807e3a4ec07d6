/**
 * The one path a chat message takes from what the user typed to what the model is sent: `@path`
 * mentions attached, MCP `@server:uri` resources attached, and the output of `!commands` run since
 * the last message put before it. The REPL and one-shot both call `prepareUserMessage`; a hook
 * that rewrites or blocks user input belongs here.
 */
import type { McpManager } from "../mcp/manager.js";
import type { ApprovalDecision, ApprovalRequest } from "../registry/index.js";
import { attachMentions } from "./at-mentions.js";
import { attachResources } from "./mcp-prompts.js";

export interface UserInputContext {
  mcp: McpManager | undefined;
  /** Limits of `@path` (input.mentionMaxBytes / mentionMaxFiles of config.yaml). */
  limits: { mentionMaxBytes?: number; mentionMaxFiles?: number };
  /** Asked before a credential path is attached. */
  approve?: (request: ApprovalRequest) => Promise<ApprovalDecision>;
  /** Notes for the user: what was attached, or why not. */
  report: (line: string) => void;
  /** `!command` results not yet sent; taken (and emptied) by the next message. */
  pending: string[];
}

export async function prepareUserMessage(text: string, ctx: UserInputContext): Promise<string> {
  const withFiles = await attachMentions(text, {
    report: ctx.report,
    ...(ctx.approve !== undefined && { approve: ctx.approve }),
    ...(ctx.limits.mentionMaxBytes !== undefined && { maxBytes: ctx.limits.mentionMaxBytes }),
    ...(ctx.limits.mentionMaxFiles !== undefined && { maxFiles: ctx.limits.mentionMaxFiles }),
  });
  const withResources = await attachResources(withFiles, ctx.mcp, ctx.report);
  if (ctx.pending.length === 0) return withResources;
  const before = ctx.pending.splice(0).join("\n\n");
  return `${before}\n\n${withResources}`;
}
