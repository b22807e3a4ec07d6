/** Shared setup for the agent tests: a temp QUIVER_HOME, an agent on a scripted server, and a history check. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { Agent, type AgentEvent, type AgentOptions } from "../../src/agent/index.js";
import { useScriptedServers } from "../helpers/lifecycle.js";
import type { ScriptedServer, ScriptedServerOptions } from "../helpers/scripted-openai-server.js";

export const TEST_KEY = "sk-test-agent-0123456789abcdef";

export interface TempHome {
  dir: string;
  restore(): void;
}

/** Points QUIVER_HOME at a fresh temp dir (sessions, spillover, discovery cache land there). */
export function useTempHome(prefix = "quiver-agent-"): TempHome {
  const saved = process.env.QUIVER_HOME;
  const dir = mkdtempSync(join(tmpdir(), prefix));
  process.env.QUIVER_HOME = dir;
  return {
    dir,
    restore() {
      if (saved === undefined) delete process.env.QUIVER_HOME;
      else process.env.QUIVER_HOME = saved;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** For an agent test file: QUIVER_HOME at a temp dir while it runs; returns `startServer` (each server closed after its test). */
export function useAgentSandbox(homePrefix?: string): (options?: ScriptedServerOptions) => Promise<ScriptedServer> {
  let home: TempHome | undefined;
  beforeAll(() => {
    home = useTempHome(homePrefix);
  });
  afterAll(() => home?.restore());
  return useScriptedServers();
}

export interface AgentFixture {
  agent: Agent;
  events: AgentEvent[];
  /** Retry waits the client asked for, in ms (recorded, not slept). */
  sleeps: number[];
}

export function agentOn(server: ScriptedServer, options: Partial<AgentOptions> = {}): AgentFixture {
  const events: AgentEvent[] = [];
  const sleeps: number[] = [];
  const agent = new Agent({
    model: "test-model",
    baseUrl: server.baseUrl,
    apiKey: TEST_KEY,
    clientOptions: {
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0.5,
    },
    onEvent: (event) => events.push(event),
    ...options,
  });
  return { agent, events, sleeps };
}

interface LooseMessage {
  role: string;
  content?: unknown;
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
}

/**
 * Asserts what chat APIs require: each assistant tool call is answered by exactly one tool
 * message, and those come right after it; no tool message answers nothing.
 */
export function expectValidHistory(messages: readonly LooseMessage[]): void {
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    if (message.role === "tool") throw new Error(`message ${i} is a tool result that answers no preceding tool call: ${JSON.stringify(message)}`);
    const calls = message.role === "assistant" ? (message.tool_calls ?? []) : [];
    const ids = calls.map((call) => call.id);
    expect(new Set(ids).size, `duplicate tool call ids in message ${i}`).toBe(ids.length);
    const answered: string[] = [];
    while (messages[i + 1]?.role === "tool") answered.push(messages[++i]!.tool_call_id ?? "");
    expect(answered, `results after message ${i}`).toEqual(ids);
  }
}

/** The tool result messages of a request or history, by tool_call_id, as the tools returned them (the boundary of a request taken off). */
export function toolResults(messages: readonly LooseMessage[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const message of messages) {
    if (message.role === "tool") out.set(message.tool_call_id ?? "", unwrapToolText(typeof message.content === "string" ? message.content : JSON.stringify(message.content)));
  }
  return out;
}

const WRAPPED = /^<<tool-output ([0-9a-f]{16})>>\n([\s\S]*)\n<<end tool-output \1>>$/;

/** A tool message's content as sent (inside the session's boundary) → as the tool returned it. */
export function unwrapToolText(text: string): string {
  return WRAPPED.exec(text)?.[2] ?? text;
}

/**
 * Transcript lines as a request carries them: each tool line's content inside the boundary the
 * line stores (its `boundary` field, which is not sent). A tool line without one fails the test,
 * so a resumed session is checked to send the very bytes it sent before. For content that does
 * not itself contain the marker (the marker would be neutralised in the request).
 */
export function asSent<M extends LooseMessage & { boundary?: unknown }>(lines: readonly M[]): LooseMessage[] {
  return lines.map(({ boundary, ...m }) => {
    if (m.role !== "tool") return m;
    if (typeof boundary !== "string" || typeof m.content !== "string") throw new Error(`a stored tool message without its boundary: ${JSON.stringify({ boundary, ...m })}`);
    return { ...m, content: `<<tool-output ${boundary}>>\n${m.content}\n<<end tool-output ${boundary}>>` };
  });
}

/** Messages of a request with each tool message's boundary taken off, to compare with the history. */
export function unwrapToolMessages<M extends LooseMessage>(messages: readonly M[]): M[] {
  return messages.map((m) => (m.role === "tool" && typeof m.content === "string" ? { ...m, content: unwrapToolText(m.content) } : m));
}

export function eventTypes(events: AgentEvent[]): string[] {
  return events.filter((event) => event.type !== "assistant_delta").map((event) => event.type);
}
