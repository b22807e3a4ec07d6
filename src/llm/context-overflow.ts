/**
 * A request larger than the model's context: the servers' many ways of saying so, and the two
 * token counts when the message gives them (errors.ts makes it a "context_overflow" ModelError).
 */

/**
 * OpenAI (`context_length_exceeded`, "maximum context length is N tokens"), vLLM and OpenRouter
 * (the same words, "you requested about N tokens"), Anthropic-compatible ("prompt is too long: N
 * tokens > M maximum"), llama.cpp's server ("exceeds the available context size",
 * `exceed_context_size_error` with `n_prompt_tokens`/`n_ctx`), LM Studio ("Trying to keep the first N
 * tokens when context the overflows … context length of only M tokens", "n_keep: N>= n_ctx: M"),
 * Ollama ("input length exceeds the context length"; it mostly truncates silently), LiteLLM and
 * node-llama-cpp.
 */
const OVERFLOW =
  /context[_ ]length[_ ]exceeded|maximum context length|exceeds? (?:the )?(?:available |maximum )?context (?:size|length|window)|exceed_context_size|context (?:window|size) (?:is )?(?:too small|exceeded)|prompt is too long|too long prompt|history that fits|compress chat history for context shift|when context the overflows|tokens to keep from the initial prompt is greater than the context length|input length \d+ exceeds context length/i;

export function isContextOverflowText(text: string): boolean {
  return OVERFLOW.test(text);
}

/** The context size and the prompt's size, as far as the message says them. */
export function tokenCounts(text: string): { contextTokens?: number; promptTokens?: number } {
  const context =
    /(?:maximum context length|context (?:size|length|window))(?: is| of)?\s*(?:only\s*)?(\d[\d,_]*)/i.exec(text)?.[1] ??
    /n_ctx"?:\s*(\d[\d,_]*)/i.exec(text)?.[1] ??
    /tokens\s*>\s*(\d[\d,_]*)\s*maximum/i.exec(text)?.[1];
  const prompt =
    /(?:resulted in|requested(?: about)?|prompt (?:has|is|of)|(?:messages|input) (?:has|have|of)|too long:|keep the first)\s*(\d[\d,_]*)\s*tokens/i.exec(text)?.[1] ??
    /(?:n_prompt_tokens|n_keep)"?:\s*(\d[\d,_]*)/i.exec(text)?.[1] ??
    /input length (\d[\d,_]*) exceeds/i.exec(text)?.[1];
  const counts: { contextTokens?: number; promptTokens?: number } = {};
  const c = number(context);
  const p = number(prompt);
  if (c !== undefined && Number.isFinite(c)) counts.contextTokens = c;
  if (p !== undefined && Number.isFinite(p)) counts.promptTokens = p;
  return counts;
}

function number(s: string | undefined): number | undefined {
  return s === undefined ? undefined : Number(s.replace(/[,_]/g, ""));
}
