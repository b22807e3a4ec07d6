/** Parsing and validation of config.yaml (see config.ts for the accepted spellings). */
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { closestNames } from "../registry/suggest.js";
import type { QuiverConfig } from "./types.js";
import { HOOK_EVENTS, type HookEvent } from "../hooks/types.js";

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const toolsetList = z.preprocess(
  (value) => (typeof value === "string" ? value.split(",").map((part) => part.trim()).filter((part) => part !== "") : value),
  z.array(z.string().min(1, "expected a toolset name")),
);

const compatSchema = z.strictObject({
  streamUsage: z.boolean().optional(),
  maxTokensField: z.enum(["max_tokens", "max_completion_tokens"]).optional(),
  parallelToolCalls: z.boolean().optional(),
  toolChoice: z.boolean().optional(),
  reasoning: z.enum(["send-back", "strip"]).optional(),
  stream: z.boolean().optional(),
});

const modelSchema = z.strictObject({
  name: z.string().trim().min(1, "expected a model name, e.g. gpt-4o-mini").optional(),
  baseUrl: z.string().trim().refine(isHttpUrl, "expected an http:// or https:// URL, e.g. http://localhost:11434/v1").optional(),
  apiKey: z.string().optional(),
  apiKeyEnv: z.string().regex(ENV_NAME, "expected an environment variable name, e.g. OPENROUTER_API_KEY").optional(),
  provider: z.string().trim().min(1, "expected a provider name, e.g. openrouter").optional(),
  compat: compatSchema.optional(),
  maxTokens: z.number().int("expected a whole number").min(1, "expected a number of at least 1").optional(),
  contextWindow: z.number().int("expected a whole number of tokens").min(1024, "expected at least 1024 tokens, e.g. 128000").optional(),
  pricing: z
    .strictObject({
      input: z.number().min(0, "expected US dollars per million tokens, e.g. 2.5"),
      output: z.number().min(0, "expected US dollars per million tokens, e.g. 10"),
      cachedInput: z.number().min(0, "expected US dollars per million tokens, e.g. 1.25").optional(),
    })
    .optional(),
});

const contextSchema = z.strictObject({
  compactAt: z.number().gt(0, "expected a share of the window between 0 and 1, e.g. 0.8").max(0.95, "expected at most 0.95 (room is needed for the reply)").optional(),
});

const toolsSchema = z.strictObject({
  search: z.enum(["off", "auto", "on"], "expected off, auto or on").optional(),
  alwaysLoad: z.preprocess(
    (value) => (typeof value === "string" ? value.split(",").map((part) => part.trim()).filter((part) => part !== "") : value),
    z.array(z.string().min(1, "expected a tool name")),
  ).optional(),
});

const agentSchema = z.strictObject({
  systemPrompt: z.string().optional(),
  maxIterations: z.number().int("expected a whole number").min(1, "expected a number of at least 1").optional(),
  toolsets: toolsetList.optional(),
  disabledToolsets: toolsetList.optional(),
  mode: z.enum(["default", "plan", "accept-edits"], "expected default, plan or accept-edits").optional(),
});

const terminalSchema = z.strictObject({
  env: z
    .strictObject({
      passthrough: z.preprocess(
        (value) => (typeof value === "string" ? value.split(",").map((part) => part.trim()).filter((part) => part !== "") : value),
        z.array(z.string().regex(ENV_NAME, "expected an environment variable name, e.g. GITHUB_TOKEN")),
      ).optional(),
    })
    .optional(),
});

const checkpointsSchema = z.strictObject({
  enabled: z.boolean().optional(),
  maxFileSizeMb: z.number().positive("expected a number of megabytes above 0").optional(),
});
// Each rule is checked against the registered tools when the runtime starts (src/cli/permission-config.ts).
const ruleList = z.array(z.string().trim().min(1, "expected a rule such as terminal(npm run test*)"));
const permissionsSchema = z.strictObject({ allow: ruleList.optional(), ask: ruleList.optional(), deny: ruleList.optional() });
const pathList = z.array(z.string().min(1, "expected a path, e.g. ~/.cache/pip"));
const sandboxSchema = z.strictObject({
  mode: z.enum(["auto", "on", "off"], "expected auto, on or off").optional(),
  writable: pathList.optional(),
  denyRead: pathList.optional(),
  network: z
    .strictObject({
      allow: z.array(z.string().regex(/^(?:\*\.)?[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/, "expected host or host:port, e.g. 127.0.0.1:3000")).optional(),
      defaults: z.boolean().optional(),
    })
    .optional(),
});

const instructionsSchema = z.strictObject({
  files: z.preprocess(
    (value) => (typeof value === "string" ? value.split(",").map((part) => part.trim()).filter((part) => part !== "") : value),
    z.array(z.string().regex(/^[^/\\]+$/, "expected a file name without a folder, e.g. CLAUDE.md")),
  ).optional(),
  maxBytes: z.number().int("expected a whole number of bytes").min(1, "expected at least 1 byte").optional(),
});
const inputSchema = z.strictObject({
  maxStdinBytes: z.number().int("expected a whole number of bytes").min(1, "expected at least 1 byte").optional(),
  mentionMaxBytes: z.number().int("expected a whole number of bytes").min(1, "expected at least 1 byte").optional(),
  mentionMaxFiles: z.number().int("expected a whole number").min(1, "expected at least 1").optional(),
});
// Claude Code's layout: event → [{ matcher, hooks: [{ type: command, command, timeout (s) }] }] (src/hooks/).
const hookList = z.array(
  z.strictObject({
    matcher: z.string().optional(),
    hooks: z.array(
      z.strictObject({
        type: z.literal("command", "expected type: command"),
        command: z.string().trim().min(1, "expected a command to run"),
        timeout: z.number().positive("expected seconds above 0, e.g. 30").optional(),
      }),
    ),
  }),
);
const hooksSchema = z.strictObject(Object.fromEntries(HOOK_EVENTS.map((event) => [event, hookList.optional()])) as Record<HookEvent, z.ZodOptional<typeof hookList>>);
// `quiver serve`: where stateless instances share stream events (docs/mcp.md, deployment).
const serveSchema = z.strictObject({
  store: z.string().regex(/^(?:memory|rediss?:\/\/.+)$/i, "expected memory or a Redis URL such as redis://127.0.0.1:6379").optional(),
  stateless: z.boolean().optional(),
});

const mcpSchema = z.looseObject({
  servers: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
});

// Strict: a misspelt section (`modle:`) is an error naming the valid ones, not silently ignored.
const configSchema = z.strictObject({
  model: modelSchema.optional(),
  agent: agentSchema.optional(),
  mcp: mcpSchema.optional(),
  tools: toolsSchema.optional(),
  terminal: terminalSchema.optional(),
  sandbox: sandboxSchema.optional(),
  checkpoints: checkpointsSchema.optional(),
  permissions: permissionsSchema.optional(),
  context: contextSchema.optional(),
  instructions: instructionsSchema.optional(),
  input: inputSchema.optional(),
  hooks: hooksSchema.optional(),
  serve: serveSchema.optional(),
});

/** Known keys per strict section, for "unknown key" messages. */
const KNOWN_KEYS: Record<string, string[]> = {
  "": Object.keys(configSchema.shape),
  model: Object.keys(modelSchema.shape),
  "model.compat": Object.keys(compatSchema.shape),
  agent: Object.keys(agentSchema.shape),
  tools: Object.keys(toolsSchema.shape),
  context: Object.keys(contextSchema.shape),
  "model.pricing": ["input", "output", "cachedInput"],
  terminal: Object.keys(terminalSchema.shape),
  "terminal.env": ["passthrough"],
  sandbox: Object.keys(sandboxSchema.shape),
  "sandbox.network": ["allow", "defaults"],
  checkpoints: Object.keys(checkpointsSchema.shape),
  permissions: ["allow", "ask", "deny"],
  instructions: Object.keys(instructionsSchema.shape),
  input: Object.keys(inputSchema.shape),
  hooks: [...HOOK_EVENTS],
  serve: Object.keys(serveSchema.shape),
};

const ALIASES: Record<string, Record<string, string>> = {
  model: { base_url: "baseUrl", api_key: "apiKey", api_key_env: "apiKeyEnv", max_tokens: "maxTokens", context_window: "contextWindow" },
  "model.compat": { stream_usage: "streamUsage", max_tokens_field: "maxTokensField", parallel_tool_calls: "parallelToolCalls", tool_choice: "toolChoice" },
  tools: { always_load: "alwaysLoad" },
  context: { compact_at: "compactAt" },
  agent: { system_prompt: "systemPrompt", max_iterations: "maxIterations", disabled_toolsets: "disabledToolsets" },
  checkpoints: { max_file_size_mb: "maxFileSizeMb" },
  sandbox: { deny_read: "denyRead" },
  instructions: { max_bytes: "maxBytes" },
  input: { max_stdin_bytes: "maxStdinBytes", mention_max_bytes: "mentionMaxBytes", mention_max_files: "mentionMaxFiles" },
};

/** Parses and validates config text; `file` is only used in error messages. */
export function parseConfig(text: string, file = "config.yaml"): QuiverConfig {
  let raw: unknown;
  try {
    raw = parseYaml(text, { logLevel: "error" });
  } catch (err) {
    throw new Error(`Invalid YAML in config file ${file}: ${(err as Error).message}`);
  }
  if (raw === null || raw === undefined) return {};
  if (!isRecord(raw)) {
    throw new Error(`Invalid config file ${file}: the top level must be a mapping of sections (model:, agent:, mcp:), got ${typeName(raw)}.`);
  }
  const problems: string[] = [];
  const normalized = normalize(raw, problems);
  const result = configSchema.safeParse(normalized, { reportInput: true });
  if (result.success && problems.length === 0) return result.data;
  const issues = result.success ? [] : result.error.issues.flatMap(describeIssue);
  throw new Error(`Invalid config file ${file}:\n${[...problems, ...issues].map((line) => `  ${line}`).join("\n")}`);
}

function normalize(raw: Record<string, unknown>, problems: string[]): Record<string, unknown> {
  const out = withoutNulls(raw);
  if (typeof out.model === "string") out.model = { name: out.model };
  for (const section of Object.keys(ALIASES)) {
    const value = out[section];
    if (isRecord(value)) out[section] = renameAliases(section, withoutNulls(value), problems);
  }
  const model = out.model;
  if (isRecord(model) && isRecord(model.compat)) model.compat = renameAliases("model.compat", withoutNulls(model.compat), problems);
  if (out.mcp_servers !== undefined) {
    const mcp = isRecord(out.mcp) ? out.mcp : {};
    if (mcp.servers !== undefined) problems.push("mcp_servers and mcp.servers are both set; keep one (mcp.servers).");
    else out.mcp = { ...mcp, servers: out.mcp_servers };
    delete out.mcp_servers;
  }
  return out;
}

function renameAliases(section: string, value: Record<string, unknown>, problems: string[]): Record<string, unknown> {
  const out = { ...value };
  for (const [alias, canonical] of Object.entries(ALIASES[section] ?? {})) {
    if (!(alias in out)) continue;
    if (canonical in out) problems.push(`${section}.${alias} and ${section}.${canonical} are both set; keep one (${canonical}).`);
    else out[canonical] = out[alias];
    delete out[alias];
  }
  return out;
}

function withoutNulls(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== null));
}

type Issue = z.core.$ZodIssue;

function describeIssue(issue: Issue): string[] {
  const path = issue.path.map(String).join(".");
  if (issue.code === "unrecognized_keys") {
    const known = KNOWN_KEYS[path];
    const hint = known === undefined ? "" : `; expected one of: ${known.join(", ")}`;
    return issue.keys.map((key) => {
      const near = known === undefined ? undefined : closestNames(key, known, 1)[0];
      return `${path === "" ? key : `${path}.${key}`}: unknown ${path === "" ? "section" : "key"}${hint}${near === undefined ? "" : ` (did you mean ${near}?)`}`;
    });
  }
  const where = path === "" ? "(top level)" : path;
  if (issue.code === "invalid_type" && issue.message.startsWith("Invalid input")) {
    return [`${where}: expected ${EXPECTED[issue.expected] ?? issue.expected}, got ${typeName(issue.input)}`];
  }
  return [`${where}: ${issue.message}`];
}

const EXPECTED: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "a mapping (key: value)",
  record: "a mapping (key: value)",
};

/** The kind of a YAML value, never the value itself (it may be a secret). */
function typeName(value: unknown): string {
  if (value === null || value === undefined) return "nothing";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  if (typeof value === "string") return "a string";
  if (typeof value === "boolean") return "true/false";
  return `a ${typeof value}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
