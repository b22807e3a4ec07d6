/** Shared setup for the llm tests: a client on a scripted server whose retry waits are recorded, not slept. */
import { expect } from "vitest";
import { ModelError, createChatClient, resolveModelSettings, type ChatClient, type ChatClientOptions, type ModelSettings } from "../../src/llm/index.js";
import type { ScriptedServer } from "../helpers/scripted-openai-server.js";

export const SECRET_KEY = "sk-test-SECRET-0123456789abcdef";

export interface Fixture {
  client: ChatClient;
  settings: ModelSettings;
  /** Every retry wait the client asked for, in ms. */
  sleeps: number[];
}

/** Awaits a call that must fail with a ModelError, and returns that error. */
export async function modelError(call: Promise<unknown>): Promise<ModelError> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ModelError);
  return err as ModelError;
}

export function clientFor(server: ScriptedServer, options: ChatClientOptions = {}, env: Record<string, string> = { OPENAI_API_KEY: SECRET_KEY }): Fixture {
  const resolved = resolveModelSettings({ flags: { baseUrl: server.baseUrl, model: "test-model" }, env });
  if (resolved.problem) throw new Error(resolved.problem.message);
  const sleeps: number[] = [];
  const client = createChatClient(resolved, {
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...options,
  });
  return { client, settings: resolved, sleeps };
}
