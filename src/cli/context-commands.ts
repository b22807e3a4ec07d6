/** The REPL's `/compact [focus]`, `/cost` and `/mode [name]`, and the context/mode status line. */
import type { Agent } from "../agent/index.js";
import { isPermissionMode, PERMISSION_MODES, permissionMode, setPermissionMode } from "../calls/permission-mode.js";
import type { Style } from "./style.js";

interface Ctx {
  agent: Agent;
  style: Style;
  print(text: string): void;
}

const n = (x: number): string => x.toLocaleString("en-US");

/** "ctx 41% · mode plan": how full the context is, and the mode when it is not the default. */
export function statusLine(agent: Agent): string {
  const { tokens, window, percent } = agent.contextUse;
  const parts = [percent === undefined ? `ctx ~${n(tokens)} tokens` : `ctx ${percent}% of ${n(window!)}`];
  if (permissionMode() !== "default") parts.push(`mode ${permissionMode()}`);
  return parts.join(" · ");
}

export async function compactCommand(ctx: Ctx, focus: string): Promise<void> {
  const before = ctx.agent.contextUse;
  let done: boolean;
  try {
    done = await ctx.agent.compact(focus.trim() === "" ? undefined : focus.trim());
  } catch (err) {
    // A failed summary (or a PreCompact hook that blocks) leaves the conversation as it was.
    ctx.print(`Not compacted: ${err instanceof Error ? err.message : String(err)}. The conversation goes on as it was.`);
    return;
  }
  if (!done) {
    ctx.print(ctx.style.dim("Nothing to compact yet: the conversation is only its latest turn."));
    return;
  }
  const after = ctx.agent.contextUse;
  ctx.print(`Compacted the earlier conversation into a summary: ~${n(before.tokens)} → ~${n(after.tokens)} tokens. The transcript keeps every message.`);
}

export function costCommand(ctx: Ctx): void {
  const u = ctx.agent.usage;
  if (u.requests === 0) {
    ctx.print("No model requests yet in this session.");
    return;
  }
  const estimated = u.estimated === 0 ? "" : ctx.style.dim(` (${u.estimated} of ${u.requests} estimated: the provider reported no usage)`);
  ctx.print(`Tokens: ${n(u.input)} in (${n(u.cached)} cached) · ${n(u.output)} out · ${u.requests} request${u.requests === 1 ? "" : "s"}${estimated}`);
  ctx.print(u.cost === undefined ? ctx.style.dim("Cost: unknown for this model (set model.pricing in config.yaml)") : `Cost: $${u.cost.toFixed(4)}`);
  ctx.print(ctx.style.dim(statusLine(ctx.agent)));
}

export function modeCommand(ctx: Ctx, arg: string): void {
  const wanted = arg.trim();
  if (wanted !== "" && !isPermissionMode(wanted)) {
    ctx.print(ctx.style.yellow(`/mode takes ${PERMISSION_MODES.join(", ")}, not "${wanted}".`));
    return;
  }
  if (wanted !== "") setPermissionMode(wanted);
  const what = {
    default: "tools follow the permission rules and ask where they say",
    plan: "read-only tools only: the model proposes, nothing is written and no command runs",
    "accept-edits": "file edits inside the project run without asking; commands still follow the policy",
  }[permissionMode()];
  ctx.print(`Mode ${ctx.style.bold(permissionMode())}: ${what}.`);
}
