/**
 * `quiver doctor`: checks, in order, the config file, the model settings, that the endpoint
 * answers, that it serves the model (where it lists models), the toolsets and the MCP servers.
 * Every problem comes with its fix; the exit code is 1 when something is broken.
 */
import { configPath, loadConfig, type QuiverConfig } from "../config/config.js";
import {
  createChatClient,
  describeSource,
  isLocalModel,
  ModelError,
  PROVIDER_PRESETS,
  resolveCompat,
  resolveModelSettings,
  type ModelSettings,
} from "../llm/index.js";
import { registry } from "../registry/index.js";
import { closestNames } from "../registry/suggest.js";
import { validateToolset } from "../calls/toolsets.js";
import { TOOL_SEARCH_TOOL } from "../agent/request-tools.js";
import { contextWindowFor, toolTokenBudget } from "../tokens/context-window.js";
import { getToolDefinitions } from "../calls/model-tools.js";
import { toolsTokens } from "../tokens/tool-tokens.js";
import { checkChatAfter } from "./doctor-chat.js";
import type { CheckResult } from "./doctor-check.js";
import type { DoctorOptions } from "./options.js";
import { EXIT } from "./exit-codes.js";
import { localOptions } from "./local-offer.js";
import { startRuntime, type Runtime } from "./runtime.js";
import { styleFor } from "./style.js";

export type { CheckResult, CheckStatus } from "./doctor-check.js";

const ENDPOINT_TIMEOUT_MS = 10_000;
const MCP_WAIT_MS = 10_000;

export async function runDoctor(opts: DoctorOptions): Promise<number> {
  const results: CheckResult[] = [];
  const config = await checkConfig(results);
  const configOk = results[0]?.status === "ok";
  const settings = checkModelSettings(opts, config, results);
  if (settings !== undefined && isLocalModel(settings.model)) {
    const { checkLocalModel } = await import("./doctor-local.js");
    await checkLocalModel(settings, localOptions(opts.threads, opts.gpu), results);
  } else if (settings !== undefined) {
    await checkEndpoint(settings, results);
    await checkChatAfter(settings, results);
  }
  // MCP servers come from the config file: with a broken file there is nothing to connect.
  await checkTools({ ...opts, mcp: opts.mcp && configOk }, config, results, settings?.model);
  report(results, opts.json === true);
  return results.some((r) => r.status === "fail") ? EXIT.failure : EXIT.ok;
}

async function checkConfig(results: CheckResult[]): Promise<QuiverConfig> {
  const path = configPath();
  try {
    const config = await loadConfig();
    const present = Object.keys(config).length > 0;
    results.push({ check: "config", status: "ok", detail: present ? `${path} is valid` : `${path}: none (using flags and env only)` });
    return config;
  } catch (err) {
    results.push({
      check: "config",
      status: "fail",
      detail: (err as Error).message,
      fix: `Edit ${path} (keys: model.name, model.baseUrl, model.apiKeyEnv, agent.toolsets, mcp.servers), or move it aside.`,
    });
    return {};
  }
}

function checkModelSettings(opts: DoctorOptions, config: QuiverConfig, results: CheckResult[]): ModelSettings | undefined {
  const flags = {
    ...(opts.model === undefined ? {} : { model: opts.model }),
    ...(opts.baseUrl === undefined ? {} : { baseUrl: opts.baseUrl }),
    ...(opts.provider === undefined ? {} : { provider: opts.provider }),
  };
  const resolved = resolveModelSettings({ flags, config: { model: config.model ?? {} }, configPath: configPath() });
  if (resolved.problem !== undefined) {
    const [first = "", ...rest] = resolved.problem.message.split("\n");
    results.push({ check: "model", status: "fail", detail: first, fix: rest.join("\n").trim() || "See `quiver chat --help`." });
    return undefined;
  }
  const { source } = resolved;
  results.push(providerCheck(resolved));
  results.push({ check: "model", status: "ok", detail: `${resolved.model} (from ${describeSource(source.model)})` });
  results.push({
    check: "api key",
    status: "ok",
    detail: isLocalModel(resolved.model) ? "none needed (the model runs in this process)" : source.apiKey.from === "none" ? "none set (fine for local servers such as Ollama)" : `from ${describeSource(source.apiKey)}`,
  });
  return resolved;
}

/** The preset in use and the quirks it sets, or the plain defaults; config overrides are named too. */
function providerCheck(settings: ModelSettings): CheckResult {
  const compat = resolveCompat(settings.compat);
  const flags = Object.entries(compat).map(([key, value]) => `${key}=${String(value)}`).join(", ");
  if (isLocalModel(settings.model)) return { check: "provider", status: "ok", detail: "local: the model runs in-process (node-llama-cpp), no endpoint" };
  if (settings.provider === undefined) {
    return { check: "provider", status: "ok", detail: `none (generic OpenAI-compatible; --provider or model.provider picks a preset). compat: ${flags}` };
  }
  const quirks = PROVIDER_PRESETS[settings.provider]?.quirks ?? [];
  return { check: "provider", status: "ok", detail: `${settings.provider} preset: ${quirks.join("; ")}. compat: ${flags}` };
}

async function checkEndpoint(settings: ModelSettings, results: CheckResult[]): Promise<void> {
  const client = createChatClient(settings, { maxAttempts: 1, timeoutMs: ENDPOINT_TIMEOUT_MS });
  const where = `${settings.baseUrl} (from ${describeSource(settings.source.baseUrl)})`;
  let models: string[] | undefined;
  try {
    models = await client.listModels({ signal: AbortSignal.timeout(ENDPOINT_TIMEOUT_MS) });
  } catch (err) {
    results.push({ check: "endpoint", status: "fail", detail: endpointFailure(err, settings), fix: endpointFix(err, settings) });
    return;
  }
  if (models === undefined) {
    results.push({
      check: "endpoint",
      status: "warn",
      detail: `${where} answers but does not list models (no GET /models), so the model name cannot be checked`,
      fix: "If chats fail with 404, check that the base URL is the API root, usually ending in /v1.",
    });
    return;
  }
  results.push({ check: "endpoint", status: "ok", detail: `${where} answers; it lists ${models.length} model${models.length === 1 ? "" : "s"}` });
  if (models.includes(settings.model)) {
    results.push({ check: "model exists", status: "ok", detail: `"${settings.model}" is served there` });
    return;
  }
  const near = closestNames(settings.model, models);
  const offer = near.length > 0 ? near : models.slice(0, 8);
  results.push({
    check: "model exists",
    status: "fail",
    detail: `"${settings.model}" (from ${describeSource(settings.source.model)}) is not among the models ${settings.baseUrl} lists`,
    fix: offer.length > 0 ? `Use one it serves, e.g. --model ${offer[0]}${offer.length > 1 ? ` (others: ${offer.slice(1).join(", ")})` : ""}.` : "The endpoint lists no models: load or pull one on the server first.",
  });
}

function endpointFailure(err: unknown, settings: ModelSettings): string {
  if (err instanceof ModelError) return err.message;
  if ((err as Error)?.name === "TimeoutError") return `${settings.baseUrl} did not answer within ${ENDPOINT_TIMEOUT_MS / 1000} s`;
  return `${settings.baseUrl}: ${(err as Error)?.message ?? String(err)}`;
}

function endpointFix(err: unknown, settings: ModelSettings): string {
  const kind = err instanceof ModelError ? err.kind : "connection";
  if (kind === "auth" || kind === "forbidden") {
    return `Set a valid key for this endpoint (now from ${describeSource(settings.source.apiKey)}): export OPENAI_API_KEY=..., or model.apiKeyEnv in config.yaml.`;
  }
  return (
    `Start the server, or point quiver at the right one (now from ${describeSource(settings.source.baseUrl)}): ` +
    "--base-url, env OPENAI_BASE_URL or model.baseUrl in config.yaml (e.g. http://localhost:11434/v1 for Ollama)."
  );
}

async function checkTools(opts: DoctorOptions, config: QuiverConfig, results: CheckResult[], model: string | undefined): Promise<void> {
  let runtime: Runtime;
  try {
    runtime = await startRuntime({ mcp: opts.mcp, mcpServers: config.mcp?.servers, config, mcpWaitMs: MCP_WAIT_MS, report: () => {} });
  } catch (err) {
    results.push({ check: "tools", status: "fail", detail: `loading the tools failed: ${(err as Error).message}`, fix: "Run with --verbose to see which module failed." });
    return;
  }
  try {
    const { available, unavailable } = await registry.checkToolAvailability();
    results.push({ check: "toolsets", status: "ok", detail: available.length > 0 ? `available: ${available.join(", ")}` : "none available" });
    for (const toolset of unavailable) {
      const missing = toolset.envVars.filter((name) => (process.env[name] ?? "") === "");
      results.push({
        check: `toolset ${toolset.name}`,
        status: "warn",
        detail: missing.length > 0 ? `unavailable: missing env ${missing.join(", ")}` : "unavailable: its availability check fails",
        fix: missing.length > 0 ? missing.map((name) => `export ${name}=...`).join("; ") : `See \`quiver tools list\` for what ${toolset.name} needs.`,
      });
    }
    for (const name of [...(config.agent?.toolsets ?? []), ...(config.agent?.disabledToolsets ?? [])]) {
      if (validateToolset(name) || Object.hasOwn(config.mcp?.servers ?? {}, name)) continue;
      results.push({
        check: "config toolsets",
        status: "fail",
        detail: `agent toolsets in config.yaml name an unknown toolset "${name}"`,
        fix: `Use one of: ${registry.getRegisteredToolsetNames().join(", ")} (or all).`,
      });
    }
    results.push(await checkToolTokens(config, model));
    results.push(await checkSandbox());
    for (const server of runtime.mcp?.status() ?? []) {
      if (server.state === "disabled") continue;
      if (server.state === "connected") {
        results.push({ check: `mcp ${server.name}`, status: "ok", detail: `connected (${server.transport}), ${server.toolCount} tools` });
        continue;
      }
      results.push({
        check: `mcp ${server.name}`,
        status: "fail",
        detail: `${server.state}${server.error === undefined ? "" : `: ${server.error}`}`,
        fix:
          server.auth?.needsSignIn === true
            ? `Sign in: quiver mcp login ${server.name}`
            : `Check mcp.servers.${server.name} in ${configPath()} (command and args, or url), or set enabled: false.`,
      });
    }
  } finally {
    await runtime.close();
  }
}

/** The terminal's OS sandbox: its backend, writable roots and network list, or why none runs and the fix. */
async function checkSandbox(): Promise<CheckResult> {
  const status = (await import("../sandbox/status.js")).sandboxStatus();
  const scope = `writable: ${status.writable.join(", ")}; network: ${status.network ? `via proxy to ${status.networkAllow.length} allowed hosts (${status.networkAllow.slice(0, 4).join(", ")}, …)` : "none"}`;
  if (status.state === "off") return { check: "sandbox", status: "warn", detail: "off (sandbox.mode or --sandbox off): terminal commands run with the command guard alone", fix: "Set sandbox.mode: auto in config.yaml (or drop --sandbox off)." };
  if (status.state !== "sandboxed") {
    const what = status.state === "refusing" ? "required (mode on) but unavailable: the terminal refuses to run commands" : "unavailable: terminal commands run with the command guard alone";
    return { check: "sandbox", status: status.state === "refusing" ? "fail" : "warn", detail: `${what} (${status.reason})`, fix: `${status.fix}.` };
  }
  const detail = `mode ${status.mode}, ${status.backend}; ${scope}`;
  if (!status.network) return { check: "sandbox", status: "warn", detail, fix: `${status.fix}.` };
  return { check: "sandbox", status: "ok", detail };
}

/** Warns when the enabled tools' definitions would take more than 10% of the model's context window. */
async function checkToolTokens(config: QuiverConfig, model: string | undefined): Promise<CheckResult> {
  const offered = await getToolDefinitions({ enabledToolsets: config.agent?.toolsets, disabledToolsets: config.agent?.disabledToolsets });
  const definitions = offered.filter((d) => d.function.name !== TOOL_SEARCH_TOOL);
  const tokens = await toolsTokens(definitions);
  const window = contextWindowFor(model, config.model?.contextWindow);
  const budget = toolTokenBudget(window);
  const of = window === undefined ? `the ${budget.toLocaleString("en-US")}-token budget used when the context window is unknown` : `10% of the ${window.toLocaleString("en-US")}-token context window`;
  const detail = `${definitions.length} tool definitions take ${tokens.toLocaleString("en-US")} tokens per request`;
  if (tokens <= budget) return { check: "tool tokens", status: "ok", detail: `${detail} (within ${of})` };
  const search = config.tools?.search ?? "auto";
  return {
    check: "tool tokens",
    status: "warn",
    detail: `${detail}, more than ${of}`,
    fix:
      search === "off"
        ? "Set tools.search: auto in config.yaml (tool_search then finds tools on demand), or disable toolsets you do not need (agent.disabledToolsets)."
        : `tools.search is ${search}, so requests carry only the core tools and tool_search finds the rest; disable toolsets you do not need to shrink it further.` +
          (window === undefined ? " Set model.contextWindow in config.yaml for an exact budget." : ""),
  };
}

function report(results: CheckResult[], json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify({ ok: !results.some((r) => r.status === "fail"), checks: results }, null, 2)}\n`);
    return;
  }
  const style = styleFor(process.stdout);
  const mark = { ok: style.green("✓"), warn: style.yellow("!"), fail: style.red("✗") };
  const width = Math.max(...results.map((r) => r.check.length));
  const lines: string[] = [];
  for (const r of results) {
    lines.push(`${mark[r.status]} ${r.check.padEnd(width)}  ${r.detail}`);
    if (r.fix !== undefined && r.status !== "ok") lines.push(...r.fix.split("\n").map((line, i) => `  ${" ".repeat(width)}  ${i === 0 ? style.bold("fix: ") : "     "}${line}`));
  }
  const fails = results.filter((r) => r.status === "fail").length;
  const warns = results.filter((r) => r.status === "warn").length;
  lines.push("", fails === 0 ? style.green(`All good${warns > 0 ? ` (${warns} warning${warns === 1 ? "" : "s"})` : ""}.`) : style.red(`${fails} problem${fails === 1 ? "" : "s"}${warns > 0 ? `, ${warns} warning${warns === 1 ? "" : "s"}` : ""}.`));
  process.stdout.write(`${lines.join("\n")}\n`);
}
