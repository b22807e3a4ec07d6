/** How the REPL shows the project instructions in use: one banner line, and `/context`. */
import { relative } from "node:path";
import type { ProjectInstructions } from "../agent/project-instructions.js";
import type { Session } from "../agent/index.js";
import type { Style } from "./style.js";

/** What /context needs of the REPL (a slash command's context). */
interface ContextView {
  setup: { projectInstructions: ProjectInstructions; session: Session };
  style: Style;
  print(text: string): void;
}

/** "instructions: ~/.quiver/AGENTS.md, AGENTS.md, src/AGENTS.md"; undefined when there are none. */
export function instructionsBannerLine(instructions: ProjectInstructions): string | undefined {
  if (instructions.files.length === 0) return undefined;
  return `instructions: ${instructions.files.map((f) => shownPath(f.path) + (f.truncated ? " (cut)" : "")).join(", ")}`;
}

/** `/context`: what goes into every request besides the conversation. */
export function showContext(ctx: ContextView): void {
  const { projectInstructions } = ctx.setup;
  const files = projectInstructions.files;
  ctx.print(files.length === 0 ? "Project instructions: none (AGENTS.md in the project, or instructions.files in config.yaml)." : "Project instructions, in the order they are read:");
  for (const f of files) ctx.print(`  ${shownPath(f.path)}  ${ctx.style.dim(`${f.scope}, ${f.bytes} bytes${f.truncated ? ", cut at the cap" : ""}`)}`);
  for (const warning of projectInstructions.warnings) ctx.print(ctx.style.yellow(`  ${warning}`));
  ctx.print(`Conversation: ${ctx.setup.session.messages.length} messages (session ${ctx.setup.session.id}${ctx.setup.session.saved ? "" : ", not saved"}).`);
}

/** Relative to the working directory when inside it, `~/…` under the home, else absolute. */
function shownPath(path: string): string {
  const rel = relative(process.cwd(), path);
  if (rel !== "" && !rel.startsWith("..")) return rel;
  const home = process.env.HOME ?? "";
  return home !== "" && path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
}
