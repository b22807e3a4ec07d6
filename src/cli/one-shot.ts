/**
 * `quiver chat -p "prompt"`: one run of the agent. The model's text streams to stdout as it
 * arrives (on a terminal, rendered as Markdown), progress (spinner, tool lines, retries) to stderr; `--json` prints every event as a JSON line on stdout
 * instead. Exit 0 on an answer, 1 when the model call failed, 130 when interrupted.
 */
import type { AgentEvent } from "../agent/index.js";
import { ModelError } from "../llm/index.js";
import type { ApprovalRequest } from "../registry/index.js";
import { ONE_SHOT_HOW } from "./approval-how.js";
import { createApprover } from "./approval-prompt.js";
import { ruleScopes } from "./permission-config.js";
import { chatCaller } from "./chat-caller.js";
import { createSamplingHandler } from "./mcp-sampling.js";
import { createAgent, type ChatSetup } from "./chat-setup.js";
import { EXIT } from "./exit-codes.js";
import { loadMarkdownRenderer } from "./render-markdown.js";
import { styleFor } from "./style.js";
import { TurnView } from "./turn-view.js";

export async function runOneShot(setup: ChatSetup, prompt: string, opts: { json: boolean }): Promise<number> {
  const controller = new AbortController();
  const onSignal = (): void => {
    // A second Ctrl-C means "now": the transcript is already valid up to the last message.
    if (controller.signal.aborted) process.exit(EXIT.interrupted);
    controller.abort();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  if (process.stdout.isTTY === true && !opts.json) void loadMarkdownRenderer().catch(() => undefined);
  // The answer streams to stdout as it arrives (so Ctrl-C keeps what came); tool lines and progress go to stderr.
  let streamed = false;
  const view = opts.json
    ? undefined
    : new TurnView({
        text: process.stdout,
        lines: process.stderr,
        spinner: process.stderr,
        countReply: process.stdout.isTTY !== true,
        ...(setup.showReasoning ? { reasoning: process.stderr } : {}),
      });
  const onEvent = opts.json
    ? writeJsonLine
    : (event: AgentEvent) => {
        if (event.type === "assistant_delta" && event.text !== "") streamed = true;
        view!.handle(event);
      };
  // One run may call the same command many times: the session scopes apply to the run.
  const approver = createApprover({ yes: setup.yes, output: process.stderr, sessionChoice: true, rules: ruleScopes(), signal: controller.signal });
  // Once, as the REPL's banner does: commands will not run sandboxed (or not at all).
  const sandboxLine = (await import("../sandbox/status.js")).sandboxBannerLine();
  if (sandboxLine !== undefined && !opts.json) process.stderr.write(`quiver: ${sandboxLine}\n`);
  // Without --yes or a terminal nobody can answer: the tool then says how to allow the command.
  const canAsk = setup.yes || process.stdin.isTTY === true;
  const approve = canAsk
    ? (request: ApprovalRequest) => {
        view?.pause();
        return approver(request);
      }
    : undefined;
  // Elicitation needs a conversation with the user, which one-shot mode does not have: declined.
  const interaction = { sampling: createSamplingHandler(() => setup.client, approve) };
  setup.mcp?.setInteraction(interaction);
  const agent = createAgent(setup, { onEvent, approve, approvalUnavailable: ONE_SHOT_HOW, caller: chatCaller(interaction) });
  if (opts.json) {
    writeJsonLine({
      type: "session",
      id: setup.session.id,
      resumed: setup.resumed,
      model: setup.settings.model,
      baseUrl: setup.settings.baseUrl,
      ...(setup.settings.provider === undefined ? {} : { provider: setup.settings.provider }),
    });
  }
  try {
    await setup.toolsReady();
    const result = await agent.run(prompt, { signal: controller.signal });
    if (result.status === "interrupted") {
      process.stderr.write(`quiver: interrupted. ${resumeHint(setup)}\n`);
      return EXIT.interrupted;
    }
    if (!opts.json) {
      // A reply that reached us without deltas is printed whole; a streamed one is already on stdout.
      if (!streamed && (result.content ?? "") !== "") process.stdout.write(`${result.content}\n`);
      process.stderr.write(`${styleFor(process.stderr).dim(resumeHint(setup))}\n`);
    }
    return EXIT.ok;
  } catch (err) {
    if (!(err instanceof ModelError)) throw err;
    process.stderr.write(`quiver: ${err.message}\n`);
    return EXIT.failure;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

function resumeHint(setup: ChatSetup): string {
  return `Session ${setup.session.id}: continue it with  quiver chat --resume ${setup.session.id}`;
}

function writeJsonLine(event: object): void {
  process.stdout.write(`${JSON.stringify(event)}\n`);
}
