/**
 * The `mcp.servers.<name>` section of config.yaml, validated per server: one bad entry is
 * reported and skipped, the others still connect.
 */
import { homedir } from "node:os";
import { resolve } from "node:path";
import { z } from "zod";
import { oauthSchema } from "./oauth/config.js";
import type { McpOAuthConfig } from "./oauth/config.js";

const DEFAULT_CALL_TIMEOUT_S = 300;
const DEFAULT_CONNECT_TIMEOUT_S = 60;

interface McpServerCommon {
  name: string;
  /** Globs over the server's own tool names; only matching tools are registered. */
  include?: string[];
  exclude?: string[];
  timeoutMs: number;
  connectTimeoutMs: number;
  enabled: boolean;
  /** Directories offered as MCP roots (absolute); unset = the working directory at the time of asking. */
  roots?: string[];
  /** Trusted: its destructive tools run without asking for approval. */
  trust: boolean;
}

export interface McpStdioServerConfig extends McpServerCommon {
  transport: "stdio";
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
  /** Run the server in the terminal's OS sandbox (src/sandbox/). */
  sandbox: boolean;
}

export interface McpHttpServerConfig extends McpServerCommon {
  transport: "http";
  url: string;
  headers?: Record<string, string>;
  /** How to sign in when the server wants OAuth (src/mcp/oauth/); unset = discover and register. */
  oauth?: McpOAuthConfig;
}

export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

export interface McpConfigError {
  name: string;
  message: string;
}

const scalar = z.union([z.string(), z.number(), z.boolean()]).transform(String);
const globs = z.union([z.string().min(1), z.array(z.string().min(1))]).transform((v) => (Array.isArray(v) ? v : [v]));
const seconds = z.number().positive().finite();

const common = {
  type: z.enum(["stdio", "http", "streamable-http", "streamableHttp"]).optional(),
  include: globs.optional(),
  exclude: globs.optional(),
  timeout: seconds.default(DEFAULT_CALL_TIMEOUT_S),
  connectTimeout: seconds.default(DEFAULT_CONNECT_TIMEOUT_S),
  enabled: z.boolean().default(true),
  roots: z.array(z.string().min(1)).optional(),
  trust: z.boolean().default(false),
};

// Strict, so a typo such as `timout` is an error instead of a silently ignored key.
const stdioSchema = z.strictObject({
  ...common,
  command: z.string().min(1),
  args: z.array(scalar).default([]),
  env: z.record(z.string(), scalar).optional(),
  cwd: z.string().min(1).optional(),
  sandbox: z.boolean().default(false),
});

const httpSchema = z.strictObject({
  ...common,
  url: z.url({ protocol: /^https?$/, error: "expected an http:// or https:// URL, e.g. http://127.0.0.1:8765/mcp" }),
  headers: z.record(z.string(), z.string()).optional(),
  oauth: oauthSchema.optional(),
});

/** Validates every server entry; invalid ones land in `errors` with a message naming the problem. */
export function parseMcpServers(raw: unknown): { servers: McpServerConfig[]; errors: McpConfigError[] } {
  const servers: McpServerConfig[] = [];
  const errors: McpConfigError[] = [];
  if (raw === undefined || raw === null) return { servers, errors };
  if (typeof raw !== "object" || Array.isArray(raw)) {
    errors.push({ name: "(mcp.servers)", message: "mcp.servers must be a mapping of server name → settings" });
    return { servers, errors };
  }
  for (const [name, entry] of Object.entries(raw as Record<string, unknown>)) {
    const parsed = parseMcpServer(name, entry);
    if ("message" in parsed) errors.push(parsed);
    else servers.push(parsed);
  }
  return { servers, errors };
}

function parseMcpServer(name: string, entry: unknown): McpServerConfig | McpConfigError {
  if (name.trim() === "") return { name, message: "a server name must not be empty" };
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
    return { name, message: `mcp.servers.${name} must be a mapping with either "command" (stdio) or "url" (Streamable HTTP)` };
  }
  // A key left empty in YAML (`cwd:`) is null: treat it as unset.
  const fields = Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== null));
  const hasCommand = "command" in fields;
  const hasUrl = "url" in fields;
  if (hasCommand === hasUrl) {
    return { name, message: `mcp.servers.${name} needs exactly one of "command" (stdio) or "url" (Streamable HTTP)` };
  }
  if (fields.type !== undefined && (fields.type === "stdio") !== hasCommand) {
    return { name, message: `mcp.servers.${name} says type ${JSON.stringify(fields.type)} but gives ${hasCommand ? '"command"' : '"url"'}` };
  }
  const result = hasCommand ? stdioSchema.safeParse(fields) : httpSchema.safeParse(fields);
  if (!result.success) return { name, message: `mcp.servers.${name} is invalid: ${describeIssues(result.error.issues)}` };
  const v = result.data;
  const expanded = expandEnvRefs(name, { env: "env" in v ? v.env : undefined, headers: "headers" in v ? v.headers : undefined });
  if ("message" in expanded) return expanded;
  const base: McpServerCommon = {
    name,
    timeoutMs: v.timeout * 1000,
    connectTimeoutMs: v.connectTimeout * 1000,
    enabled: v.enabled,
    trust: v.trust,
    ...(v.roots !== undefined && { roots: v.roots.map((r) => resolve(expandHome(r))) }),
    ...(v.include !== undefined && { include: v.include }),
    ...(v.exclude !== undefined && { exclude: v.exclude }),
  };
  if ("command" in v) {
    return {
      ...base,
      transport: "stdio",
      command: v.command,
      args: v.args,
      sandbox: v.sandbox,
      ...(expanded.env !== undefined && { env: expanded.env }),
      ...(v.cwd !== undefined && { cwd: v.cwd }),
    };
  }
  const oauth = "oauth" in v ? v.oauth : undefined;
  return { ...base, transport: "http", url: v.url, ...(expanded.headers !== undefined && { headers: expanded.headers }), ...(oauth !== undefined && { oauth }) };
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((i) => (i.path.length > 0 ? `${i.path.map(String).join(".")}: ${i.message}` : i.message)).join("; ");
}

type StringMap = Record<string, string> | undefined;

const ENV_REF = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * `${VAR}` in `env` and `headers` values is replaced by quiver's own environment, so secrets
 * can stay out of config.yaml (`GITHUB_TOKEN: ${GITHUB_TOKEN}`). An unset variable is an error.
 */
function expandEnvRefs(name: string, maps: { env: StringMap; headers: StringMap }): { env: StringMap; headers: StringMap } | McpConfigError {
  const out: { env: StringMap; headers: StringMap } = { env: undefined, headers: undefined };
  for (const field of ["env", "headers"] as const) {
    const map = maps[field];
    if (map === undefined) continue;
    const expanded: Record<string, string> = {};
    for (const [key, value] of Object.entries(map)) {
      const missing = [...value.matchAll(ENV_REF)].map((m) => m[1] as string).find((ref) => process.env[ref] === undefined);
      if (missing !== undefined) return { name, message: `mcp.servers.${name}.${field}.${key} uses \${${missing}}, which is not set in the environment` };
      expanded[key] = value.replace(ENV_REF, (_, ref: string) => process.env[ref] as string);
    }
    out[field] = expanded;
  }
  return out;
}

function expandHome(path: string): string {
  return path === "~" || path.startsWith("~/") ? homedir() + path.slice(1) : path;
}
