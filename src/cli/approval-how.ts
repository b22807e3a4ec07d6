/**
 * What each CLI front end tells the model (and so the user) when a call needs approval and no one
 * can be asked: its own way to approve (`ctx.approvalUnavailable`). `serve` has its own in src/mcp/server.ts.
 */

/** `quiver tools call <tool>` without a terminal and without --yes. */
export function toolsCallHow(tool: string): string {
  return (
    "No one can approve it here: stdin is not a terminal and --yes was not given. " +
    `To allow it, run \`quiver tools call ${tool}\` from a terminal and answer y, or pass --yes (catastrophic commands stay refused).`
  );
}

/** `quiver chat -p` without a terminal and without --yes. */
export const ONE_SHOT_HOW =
  "No one can approve it here: `quiver chat -p` has no terminal to ask on and --yes was not given. " +
  "To allow it, the user reruns `quiver chat -p … --yes` (catastrophic commands stay refused), or runs the chat interactively (`quiver chat`) and approves it when asked.";
