/** The assistant reply as the history keeps it: valid JSON arguments, one distinct id per tool call. */
import { parseArguments } from "../calls/arguments.js";
import { toAssistantMessage, type AssistantMessage, type AssistantTurn, type ToolCall } from "../llm/index.js";

/**
 * The assistant message as stored: arguments that are not valid JSON are replaced by their
 * repaired form or `{}` (the tool result says what was wrong), since some servers refuse a
 * history holding invalid JSON arguments; a reply with neither text nor calls gets "".
 */
export function historyMessage(turn: AssistantTurn): AssistantMessage {
  const message = toAssistantMessage(turn);
  for (const call of message.tool_calls ?? []) call.function.arguments = validJsonArguments(call.function.arguments);
  if (message.content === null && message.tool_calls === undefined) message.content = "";
  return message;
}

function validJsonArguments(raw: string): string {
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return raw;
  } catch {
    // repaired below
  }
  const parsed = parseArguments(raw);
  return parsed.ok ? JSON.stringify(parsed.args) : "{}";
}

/** Exactly one result per id needs distinct ids; a server repeating one gets `_2`, `_3` suffixes. */
export function uniqueIds(calls: ToolCall[]): ToolCall[] {
  const seen = new Set<string>();
  return calls.map((call) => {
    let id = call.id;
    for (let n = 2; seen.has(id); n++) id = `${call.id}_${n}`;
    seen.add(id);
    return id === call.id ? call : { ...call, id };
  });
}
