/**
 * `quiver chat -p "prompt"`: one run of the agent. The final answer goes to stdout, progress
 * (spinner, tool lines, retries) to stderr; `--json` prints every event as a JSON line on stdout
 * instead. Exit 0 on an answer, 1 when the model call failed, 130 when interrupted.
 */
import type { AgentEvent } from "../agent/index.js";
import { ModelError } from "../llm/index.js";
import type { ApprovalRequest } from "../registry/index.js";
import { createApprover } from "./approval-prompt.js";
import { createSamplingHandler } from "./mcp-sampling.js";
import { createAgent, type ChatSetup } from "./chat.js";
import { EXIT } from "./exit-codes.js";
import { loadMarkdownRenderer, renderNow } from "./render-markdown.js";
import { styleFor, columnsOf } from "./style.js";
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
  const rendering = process.stdout.isTTY === true && !opts.json ? loadMarkdownRenderer().catch(() => undefined) : undefined;
  const view = opts.json
    ? undefined
    : new TurnView({ lines: process.stderr, spinner: process.stderr, narrate: true, ...(setup.showReasoning ? { reasoning: process.stderr } : {}) });
  const onEvent = opts.json ? writeJsonLine : (event: AgentEvent) => view!.handle(event);
  const approver = createApprover({ yes: setup.yes, output: process.stderr, sessionChoice: false });
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
  setup.mcp?.setInteraction({ sampling: createSamplingHandler(() => setup.client, approve) });
  const agent = createAgent(setup, { onEvent, approve });
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
      await rendering;
      printAnswer(result.content ?? "");
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

function printAnswer(answer: string): void {
  const out = process.stdout.isTTY === true ? renderNow(answer, columnsOf(process.stdout)) : answer;
  process.stdout.write(out.endsWith("\n") || out === "" ? out : `${out}\n`);
}

function resumeHint(setup: ChatSetup): string {
  return `Session ${setup.session.id}: continue it with  quiver chat --resume ${setup.session.id}`;
}

function writeJsonLine(event: object): void {
  process.stdout.write(`${JSON.stringify(event)}\n`);
}
