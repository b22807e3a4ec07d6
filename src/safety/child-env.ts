/**
 * The terminal's child environment without the user's secrets: names that look like keys or
 * tokens, and the model providers' variables, are dropped unless config.yaml lets them through
 * (`terminal.env.passthrough`). Otherwise `env` in the terminal would print API keys into the
 * transcript and to the model.
 */

const SECRET_NAME = /KEY|TOKEN|SECRET|PASSW|CREDENTIAL|AUTH/i;
const PROVIDER_PREFIX =
  /^(?:OPENAI|ANTHROPIC|CLAUDE|OPENROUTER|GEMINI|GOOGLE_API|GOOGLE_GENAI|GOOGLE_GENERATIVE_AI|GOOGLE_APPLICATION_CREDENTIALS|VERTEXAI|VERTEX_AI|MISTRAL|CODESTRAL|GROQ|DEEPSEEK|XAI|GROK|COHERE|CO_API|TOGETHER|TOGETHERAI|FIREWORKS|PERPLEXITY|PPLX|AZURE_OPENAI|AZURE_AI|HF|HUGGINGFACE|HUGGING_FACE|HUGGINGFACEHUB|REPLICATE|VOYAGE|CEREBRAS|MOONSHOT|DASHSCOPE|ZHIPU|NVIDIA_NIM|SAMBANOVA|NOVITA|LITELLM|BEDROCK|AI21|ANYSCALE|LEPTON|OCTOAI|NEBIUS|HYPERBOLIC)(?:_|$)/i;

let passthrough: ReadonlySet<string> = new Set();

/** Names from `terminal.env.passthrough` that reach the terminal even though they look secret. */
export function setTerminalEnvPassthrough(names: readonly string[]): void {
  passthrough = new Set(names);
}

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name) || PROVIDER_PREFIX.test(name);
}

/** A copy of `env` without the secret-looking names, except those passed through. */
export function terminalEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) if (!isSecretName(name) || passthrough.has(name)) out[name] = value;
  return out;
}
