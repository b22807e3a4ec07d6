/** The options of each CLI command as commander parses them (shared by the command and its implementation). */
/** `quiver chat` options as commander parses them. */
export interface ChatOptions {
  /** `-p text`; `true` for a bare `-p` (stdin is the prompt). */
  prompt?: string | true;
  json?: boolean;
  model?: string;
  baseUrl?: string;
  provider?: string;
  showReasoning?: boolean;
  apiKeyEnv?: string;
  toolsets?: string;
  disableToolsets?: string;
  maxIterations?: string;
  yes?: boolean;
  /** `--sandbox <auto|on|off>`. */
  sandbox?: string;
  system?: string;
  /** `--resume <id>`; `true` for a bare `--resume` (pick one of this directory's). */
  resume?: string | true;
  continue?: boolean;
  /** `--any-dir`: --continue / a bare --resume look at the sessions of every directory. */
  anyDir?: boolean;
  /** `--no-save`: false. */
  save?: boolean;
  mcp: boolean;
  projectTools?: boolean;
  /** `--no-watch`: false. */
  watch?: boolean;
  threads?: string;
  gpu?: string;
  /** `--mode <default|plan|accept-edits>`. */
  mode?: string;
}

export interface DoctorOptions {
  model?: string;
  baseUrl?: string;
  provider?: string;
  mcp: boolean;
  json?: boolean;
  threads?: string;
  gpu?: string;
}

export interface McpListOptions {
  json?: boolean;
  wait?: string;
}

export interface ServeOptions {
  stdio?: boolean;
  http?: boolean;
  port?: string;
  host?: string;
  token?: string;
  toolsets?: string;
  disableToolsets?: string;
  allowDangerous?: boolean;
  sandbox?: string;
  mcp: boolean;
  stateless?: boolean;
  store?: string;
  advertiseUrl?: string;
}

export const DEFAULT_SERVE_PORT = 8765;

export interface SessionsOptions {
  json?: boolean;
  limit?: string;
}

export interface ToolsCommonOptions {
  mcp: boolean;
  projectTools?: boolean;
}

/** `quiver models pull` options. */
export interface PullCommandOptions {
  sha256?: string;
}
