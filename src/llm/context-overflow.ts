/**
 * A request larger than the model's context: the servers' many ways of saying so, and the two
 * token counts when the message gives them (errors.ts makes it a "context_overflow" ModelError).
 */

/** OpenAI, vLLM, LiteLLM, llama.cpp's server, Ollama, node-llama-cpp. */
const OVERFLOW = /context[_ ]length[_ ]exceeded|maximum context length|exceeds? (?:the )?(?:available )?context (?:size|length|window)|context (?:window|size) (?:is )?(?:too small|exceeded)|prompt is too long|too long prompt|history that fits|compress chat history for context shift/i;

export function isContextOverflowText(text: string): boolean {
  return OVERFLOW.test(text);
}

/** The context size and the prompt's size, as far as the message says them. */
export function tokenCounts(text: string): { contextTokens?: number; promptTokens?: number } {
  const number = (s: string | undefined): number | undefined => (s === undefined ? undefined : Number(s.replace(/[,_]/g, "")));
  const context = /(?:maximum context length|context (?:size|length|window))(?: is| of)?\s*(?:only\s*)?([\d,_]+)/i.exec(text)?.[1];
  const prompt = /(?:resulted in|requested|prompt (?:has|is|of)|(?:messages|input) (?:has|have|of))\s*([\d,_]+)\s*tokens/i.exec(text)?.[1];
  const counts: { contextTokens?: number; promptTokens?: number } = {};
  const c = number(context);
  const p = number(prompt);
  if (c !== undefined && Number.isFinite(c)) counts.contextTokens = c;
  if (p !== undefined && Number.isFinite(p)) counts.promptTokens = p;
  return counts;
}
