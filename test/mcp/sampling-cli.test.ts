/**
 * Sampling in `quiver chat -p` (a real child process): with --yes the chat's model answers the
 * server's sampling request; without --yes and without a terminal it is declined, with a reason.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, expect, test } from "vitest";
import { assertBuilt, cliEnv, runCli, tempHome } from "../helpers/cli.js";
import { startScriptedServer, text, toolCall } from "../helpers/scripted-openai-server.js";
import type { ScriptedReply, ScriptedServer } from "../helpers/scripted-openai-server.js";
import { EVERYTHING } from "./support.js";

let model: ScriptedServer | undefined;
let cleanup: (() => void) | undefined;

beforeAll(() => assertBuilt());
afterEach(async () => {
  await model?.close();
  cleanup?.();
});

async function chat(extraArgs: string[], replies: ScriptedReply[]) {
  const temp = tempHome("quiver-sampling-");
  cleanup = temp.cleanup;
  writeFileSync(join(temp.home, "config.yaml"), JSON.stringify({ mcp: { servers: { everything: { command: process.execPath, args: [EVERYTHING, "stdio"] } } } }));
  model = await startScriptedServer({ replies });
  const env = cliEnv({ QUIVER_HOME: temp.home, OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: model.baseUrl, QUIVER_MODEL: "scripted-model" });
  return runCli(["chat", "-p", "sample something", "--toolsets", "everything", ...extraArgs], env);
}

const sampleCall = toolCall("mcp__everything__trigger_sampling_request", { prompt: "a haiku", maxTokens: 20 });

test("-p --yes: the chat's model answers the sampling request within its maxTokens", async () => {
  const result = await chat(["--yes"], [sampleCall, text("the model's sample"), text("Final.")]);
  expect(result.stdout.trim()).toBe("Final.");
  const [, sampling, last] = model!.chatRequests;
  expect(sampling?.body?.max_tokens).toBe(20);
  const toolMessage = last?.body?.messages.find((m) => m.role === "tool");
  expect(String(toolMessage?.content)).toContain("the model's sample");
});

test("-p without --yes and without a terminal: declined, and the reason reaches the model", async () => {
  const result = await chat([], [sampleCall, text("Could not sample.")]);
  expect(result.stdout.trim()).toBe("Could not sample.");
  const toolMessage = model!.chatRequests[1]?.body?.messages.find((m) => m.role === "tool");
  expect(String(toolMessage?.content)).toMatch(/declined the sampling request.*nobody can approve it here/);
});
