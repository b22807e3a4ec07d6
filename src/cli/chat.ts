/**
 * `quiver chat`: resolves the model settings first (no model → exit 2 at once, before any tool
 * loads), then the session, the tools and MCP servers, and hands over to the REPL or one-shot.
 */
import { Session, SessionNotFoundError } from "../agent/index.js";
import { loadProjectInstructions } from "../agent/project-instructions.js";
import { checkpointHook } from "./checkpoint-hook.js";
import { configPath, loadConfig, type QuiverConfig } from "../config/config.js";
import { createChatClient, resolveModelSettings, type ModelSettings } from "../llm/index.js";
import { closestNames } from "../registry/suggest.js";
import { listToolsetNames, validateToolset } from "../calls/toolsets.js";
import type { ChatOptions } from "./options.js";
import { CliError, EXIT } from "./exit-codes.js";
import { localOptions, offerLocalModel } from "./local-offer.js";
import { startRuntime } from "./runtime.js";
import { contextOptions, toolSearchOptions, type ChatSetup } from "./chat-setup.js";
import { isPermissionMode, PERMISSION_MODES, setPermissionMode } from "../calls/permission-mode.js";
import type { Extensions } from "./extensions.js";

export { createAgent, toolSearchOptions, type ChatSetup } from "./chat-setup.js";

/**
 * How long after start-up chat waits for MCP servers before the first model request; slow ones
 * keep connecting in the background. The REPL shows its prompt at once and spends the wait, if
 * any is left, only when the first message is sent.
 */
const MCP_WAIT_MS = 3000;

export async function runChat(opts: ChatOptions, firstMessage = ""): Promise<number> {
  checkFlagCombinations(opts);
  if (firstMessage.trim() !== "" && opts.prompt !== undefined) throw new CliError(`give the prompt once: either -p "..." (one-shot) or as the message (interactive), not both`);
  const config = await readConfig();
  setPermissionMode(permissionModeOf(opts.mode ?? config.agent?.mode));
  const settings = await modelSettings(opts, config);
  const local = localOptions(opts.threads, opts.gpu);
  const prompt = opts.prompt === undefined ? undefined : await oneShotPrompt(opts.prompt, config);
  const session = await openSession(opts);
  const projectInstructions = loadProjectInstructions({ files: config.instructions?.files, maxBytes: config.instructions?.maxBytes });
  for (const warning of projectInstructions.warnings) process.stderr.write(`quiver: ${warning}\n`);
  let setupRef: ChatSetup | undefined;
  let extensions: Extensions = { instructions: undefined, commands: [] };
  const moreTools = async (project: boolean): Promise<void> => {
    const { loadExtensions } = await import("./extensions.js");
    extensions = await loadExtensions(() => setupRef!, project);
  };
  const runtime = await startRuntime({
    moreTools,
    mcp: opts.mcp,
    mcpServers: config.mcp?.servers,
    config,
    mcpWaitMs: prompt === undefined ? 0 : MCP_WAIT_MS,
    projectTools: opts.projectTools === true,
    watch: prompt === undefined && opts.watch !== false,
    ...(opts.sandbox !== undefined && { sandbox: opts.sandbox }),
  });
  const { setHookSession } = await import("../hooks/hooks.js");
  setHookSession(session.id, session.path);
  try {
    const setup: ChatSetup = {
      settings,
      client: createChatClient(settings, { local }),
      clientOptions: { local },
      selection: {
        enabledToolsets: toolsetList(opts.toolsets, config.agent?.toolsets, "--toolsets", config),
        disabledToolsets: toolsetList(opts.disableToolsets, config.agent?.disabledToolsets, "--disable-toolsets", config),
      },
      maxIterations: opts.maxIterations === undefined ? config.agent?.maxIterations : parseIterations(opts.maxIterations),
      systemPrompt: opts.system ?? config.agent?.systemPrompt,
      toolSearch: toolSearchOptions(config, settings.model),
      yes: opts.yes === true,
      showReasoning: prompt === undefined || opts.showReasoning === true,
      session,
      resumed: opts.resume !== undefined || opts.continue === true,
      projectInstructions,
      input: { ...(config.input?.mentionMaxBytes !== undefined && { mentionMaxBytes: config.input.mentionMaxBytes }), ...(config.input?.mentionMaxFiles !== undefined && { mentionMaxFiles: config.input.mentionMaxFiles }) },
      toolsReady: () => runtime.mcpSettled(MCP_WAIT_MS),
      mcp: runtime.mcp,
      onToolReload: (listener) => runtime.onToolReload(listener),
      checkpoint: checkpointHook(config),
      context: contextOptions(config),
      ...(config.model?.pricing === undefined ? {} : { pricing: config.model.pricing }),
      ...(firstMessage.trim() === "" ? {} : { firstMessage: firstMessage.trim() }),
    };
    setupRef = setup;
    setup.commands = extensions.commands;
    if (extensions.instructions !== undefined) setup.skillsPrompt = extensions.instructions;
    if (prompt !== undefined) {
      const { runOneShot } = await import("./one-shot.js");
      // `-p "/name args"` runs a custom command, as typing it in the chat would.
      const { customCommandText } = await import("./custom-commands.js");
      return await runOneShot(setup, customCommandText(prompt, extensions.commands) ?? prompt, { json: opts.json === true });
    }
    const { runRepl } = await import("./repl.js");
    return await runRepl(setup);
  } finally {
    await (await import("../hooks/events.js")).sessionEnd("exit");
    await runtime.close();
  }
}

function checkFlagCombinations(opts: ChatOptions): void {
  if (opts.json === true && opts.prompt === undefined) throw new CliError('--json needs a one-shot prompt: quiver chat -p "..." --json');
  if (opts.resume !== undefined && opts.continue === true) throw new CliError("use either --resume <id> or --continue, not both");
  if (opts.anyDir === true && opts.continue !== true && opts.resume !== true) throw new CliError("--any-dir goes with --continue (or a bare --resume): quiver chat --continue --any-dir");
  if (opts.save === false && (opts.resume !== undefined || opts.continue === true)) throw new CliError("--no-save is for a new session; a resumed one is already saved");
  if (opts.showReasoning === true && opts.prompt === undefined) throw new CliError("--show-reasoning is for one-shot runs (-p); in the chat, /reasoning on|off shows or hides it");
}

async function readConfig(): Promise<QuiverConfig> {
  try {
    return await loadConfig();
  } catch (err) {
    throw new CliError(`${(err as Error).message}\nFix the file, or move it aside to start from defaults.`);
  }
}

async function modelSettings(opts: ChatOptions, config: QuiverConfig): Promise<ModelSettings> {
  const flags = {
    ...(opts.model === undefined ? {} : { model: opts.model }),
    ...(opts.baseUrl === undefined ? {} : { baseUrl: opts.baseUrl }),
    ...(opts.provider === undefined ? {} : { provider: opts.provider }),
  };
  let env: Record<string, string | undefined> = process.env;
  let modelConfig = config.model;
  if (opts.apiKeyEnv !== undefined) {
    if ((process.env[opts.apiKeyEnv] ?? "") === "") throw new CliError(`--api-key-env ${opts.apiKeyEnv}: that environment variable is not set.`);
    // The flag wins over OPENAI_API_KEY and the config's key: resolve as if the config named this variable.
    env = { ...process.env, OPENAI_API_KEY: undefined };
    modelConfig = { ...config.model, apiKey: undefined, apiKeyEnv: opts.apiKeyEnv };
  }
  const input = { flags, env, config: { model: modelConfig ?? {} }, configPath: configPath() };
  const resolved = resolveModelSettings(input);
  if (resolved.problem?.code === "no-model") {
    const model = await offerLocalModel(resolved.problem.message);
    return resolveModelSettings({ ...input, flags: { ...flags, model } }) as ModelSettings;
  }
  if (resolved.problem !== undefined) throw new CliError(resolved.problem.message, EXIT.usage);
  return resolved;
}

async function oneShotPrompt(flag: string | true, config: QuiverConfig): Promise<string> {
  const { promptWithStdin, DEFAULT_MAX_STDIN_BYTES } = await import("./stdin-prompt.js");
  return promptWithStdin(flag, { stream: process.stdin, maxBytes: config.input?.maxStdinBytes ?? DEFAULT_MAX_STDIN_BYTES });
}

async function openSession(opts: ChatOptions): Promise<Session> {
  try {
    if (typeof opts.resume === "string") return Session.open(opts.resume);
    if (opts.resume === true) return Session.open(await (await import("./session-pick.js")).pickSession(opts.anyDir === true));
    if (opts.continue === true) {
      const latest = Session.latest(opts.anyDir === true ? {} : { cwd: process.cwd() });
      if (latest === undefined) throw new CliError(noSessionToContinue(opts.anyDir === true));
      return latest;
    }
    return Session.create({ save: opts.save !== false });
  } catch (err) {
    if (err instanceof SessionNotFoundError) throw new CliError(err.message);
    throw err;
  }
}

function noSessionToContinue(anyDir: boolean): string {
  if (anyDir) return "--continue: there is no saved session yet. Start one with `quiver chat`.";
  return `--continue: no saved session was started in ${process.cwd()}. Start one here with \`quiver chat\`, or take the newest of any directory: quiver chat --continue --any-dir`;
}

/** A flag's comma-separated toolsets, else the config's; unknown names are a usage error with suggestions. */
function toolsetList(flag: string | undefined, fromConfig: string[] | undefined, what: string, config: QuiverConfig): string[] | undefined {
  const names = flag === undefined ? fromConfig : flag.split(",").map((s) => s.trim()).filter((s) => s !== "");
  if (names === undefined) return undefined;
  // MCP servers still connecting have not registered their toolset yet; a configured name is fine.
  const mcpServers = Object.keys(config.mcp?.servers ?? {});
  const unknown = names.filter((name) => !validateToolset(name) && !mcpServers.some((s) => name === s || name === `mcp-${s}`));
  if (unknown.length === 0) return names;
  const known = listToolsetNames();
  const hints = unknown.map((name) => {
    const near = closestNames(name, known);
    return near.length > 0 ? `"${name}" (did you mean ${near.join(", ")}?)` : `"${name}"`;
  });
  const source = flag === undefined ? "agent toolsets in config.yaml" : what;
  throw new CliError(`${source}: unknown toolset ${hints.join(", ")}. Known toolsets: ${known.join(", ")}`);
}

function permissionModeOf(value: string | undefined): (typeof PERMISSION_MODES)[number] {
  if (value === undefined) return "default";
  if (isPermissionMode(value)) return value;
  throw new CliError(`--mode must be one of ${PERMISSION_MODES.join(", ")}, got "${value}"`);
}

function parseIterations(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new CliError(`--max-iterations must be a whole number of at least 1, got "${value}"`);
  return n;
}
