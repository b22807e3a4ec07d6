/**
 * The terminal's environment is default-deny: only the names below (and
 * `terminal.env.passthrough`) reach a command, sandboxed or not. A blocklist of secret-looking
 * names let DATABASE_URL, SLACK_WEBHOOK_URL or GH_PAT through; an allowlist cannot miss them.
 */

/**
 * What a shell and its tools need to behave as in the user's terminal: search path, identity,
 * locale, terminal and time zone, editor and colour preferences. None of them holds a secret.
 */
const BASE_NAMES = [
  "PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LANGUAGE", "TERM", "COLORTERM", "TZ", "TMPDIR",
  "EDITOR", "VISUAL", "PAGER", "NO_COLOR", "FORCE_COLOR", "CLICOLOR", "COLUMNS", "LINES", "HOSTNAME",
  "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR",
];

/**
 * Where toolchains live (install roots and caches): without them `go`, `cargo`, `java`, nvm or a
 * virtualenv would not be found or would rebuild their caches. They are directories, not
 * credentials; a token in one of these names would be the user's own mistake.
 */
const TOOLCHAIN_NAMES = [
  "GOPATH", "GOROOT", "GOMODCACHE", "GOCACHE", "GOFLAGS", "GOTOOLCHAIN", "CARGO_HOME", "RUSTUP_HOME", "RUSTUP_TOOLCHAIN",
  "JAVA_HOME", "GRADLE_USER_HOME", "MAVEN_HOME", "M2_HOME", "ANDROID_HOME", "ANDROID_SDK_ROOT",
  "NVM_DIR", "NVM_BIN", "VOLTA_HOME", "FNM_DIR", "PNPM_HOME", "BUN_INSTALL", "DENO_DIR", "DENO_INSTALL",
  "NODE_ENV", "NODE_OPTIONS", "npm_config_cache", "PYENV_ROOT", "PYENV_VERSION", "VIRTUAL_ENV", "CONDA_PREFIX",
  "CONDA_DEFAULT_ENV", "PIPX_HOME", "POETRY_HOME", "UV_CACHE_DIR", "PYTHONPATH", "PYTHONUSERBASE",
  "RBENV_ROOT", "GEM_HOME", "GEM_PATH", "ASDF_DIR", "ASDF_DATA_DIR", "MISE_DATA_DIR", "DOTNET_ROOT",
  "LD_LIBRARY_PATH", "PKG_CONFIG_PATH", "CC", "CXX", "CFLAGS", "CXXFLAGS", "LDFLAGS", "MAKEFLAGS",
];

/** Every name that reaches a command unless passed through; documented in docs/safety.md. */
export const ENV_ALLOWLIST: readonly string[] = [...BASE_NAMES, ...TOOLCHAIN_NAMES];
const ALLOWED = new Set(ENV_ALLOWLIST);
/** Locale categories: LC_ALL, LC_CTYPE, … */
const LOCALE = /^LC_[A-Z]+$/;

let passthrough: ReadonlySet<string> = new Set();

/** `terminal.env.passthrough`: names that reach the command although not in the allowlist. */
export function setEnvPassthrough(names: readonly string[]): void {
  passthrough = new Set(names);
}

export function isAllowedEnvName(name: string): boolean {
  return ALLOWED.has(name) || LOCALE.test(name) || passthrough.has(name);
}

/** The allowlisted part of `env` (default: this process's). */
export function commandEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined && isAllowedEnvName(name)) out[name] = value;
  return out;
}
