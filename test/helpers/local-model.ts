/**
 * The local provider on the generated fixture model: one thread, CPU only, short replies, and a
 * ChatML wrapper that starts every reply in function-call mode when tools are offered (random
 * weights would never choose to call a function on their own). The wrapper overrides a context
 * state field that is not a documented extension point: it holds for node-llama-cpp 3.21.1, pinned.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ChatWrapper, ChatWrapperGenerateContextStateOptions, ChatWrapperGeneratedContextState } from "node-llama-cpp";
import { createChatClient, type ChatClient, type LocalClientOptions } from "../../src/llm/index.js";
import { loadLlamaCpp } from "../../src/llm/local/runtime.js";
import { writeFixtureModel } from "./gguf-fixture.js";

export async function functionCallingWrapper(): Promise<ChatWrapper> {
  const { ChatMLChatWrapper } = await loadLlamaCpp();
  class EngagedChatML extends ChatMLChatWrapper {
    override generateContextState(options: ChatWrapperGenerateContextStateOptions): ChatWrapperGeneratedContextState {
      const state = super.generateContextState(options);
      const hasFunctions = Object.keys(options.availableFunctions ?? {}).length > 0;
      if (!hasFunctions || "prefixTriggers" in state) return state;
      const { contextText, stopGenerationTriggers } = state;
      return { contextText, stopGenerationTriggers, functionCall: { initiallyEngaged: true, disengageInitiallyEngaged: [] } };
    }
  }
  return new EngagedChatML();
}

export interface FixtureModel {
  dir: string;
  path: string;
  cleanup(): void;
}

export function fixtureModel(): FixtureModel {
  const dir = mkdtempSync(join(tmpdir(), "quiver-local-"));
  const path = join(dir, "fixture.gguf");
  writeFixtureModel(path);
  return { dir, path, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export const FIXTURE_CLIENT_OPTIONS: LocalClientOptions = { gpu: false, threads: 1, maxStringLength: 24, maxTokens: 40, seed: 7 };

export async function fixtureClient(path: string, options: LocalClientOptions = {}): Promise<ChatClient> {
  const settings = {
    baseUrl: "",
    apiKey: "",
    model: `local:${path}`,
    source: { baseUrl: { from: "none", name: "" }, apiKey: { from: "none", name: "" }, model: { from: "flag", name: "--model" } },
  } as const;
  return createChatClient(settings, { local: { ...FIXTURE_CLIENT_OPTIONS, chatWrapper: await functionCallingWrapper(), ...options } });
}
