/**
 * The OS sandbox for commands the model runs (terminal, stdio MCP servers): bwrap on Linux,
 * sandbox-exec on macOS. Sits beside src/safety/ and imports only from it.
 */
export { DEFAULT_NETWORK_ALLOW, SANDBOX_MODES, resetSandboxConfig, sandboxSettings, setSandboxConfig } from "./config.js";
export type { SandboxConfigInput, SandboxMode, SandboxSettings, SandboxSetup } from "./config.js";
export { detectSandbox, detectSandboxAsync, resetSandboxDetection } from "./detect.js";
export type { Detection, SandboxBackend } from "./detect.js";
export { ENV_ALLOWLIST, commandEnv, isAllowedEnvName, setEnvPassthrough } from "./env.js";
export { READ_ONLY_IN_HOME, READ_ONLY_IN_PROJECT, sandboxPolicy, sandboxProject } from "./policy.js";
export { mayUseNetwork } from "./offline.js";
export { removeSandboxDirs, sandboxDecision, wrapCommand } from "./wrap.js";
export type { SandboxDecision, SandboxedSpawn } from "./wrap.js";
