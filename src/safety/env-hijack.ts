/**
 * Environment variables that make later programs run other code: the search path, shell and
 * interpreter start-up files and options, the dynamic loader, git's configuration and helper
 * commands, pagers and editors. Setting one (as a prefix `X=… cmd`, `export X=…`, `env X=…`)
 * asks, except a PATH that only adds the project's own or the system's directories.
 */
import type { Finding } from "./finding.js";
import { absolutePath, insideWorkArea, type SafetyEnv } from "./paths.js";
import { OPAQUE } from "./words.js";

const HIJACK =
  /^(?:BASH_ENV|ENV|SHELLOPTS|BASHOPTS|PROMPT_COMMAND|PS[0-4]|GLOBIGNORE|BASH_LOADABLES_PATH|BASH_XTRACEFD|FPATH|ZDOTDIR|CDPATH|LD_\w+|DYLD_\w+|NODE_OPTIONS|NODE_PATH|NODE_REPL_EXTERNAL_MODULE|PYTHONSTARTUP|PYTHONPATH|PYTHONHOME|PYTHONUSERBASE|PYTHONINSPECT|PERL5OPT|PERL5LIB|PERLLIB|PERL5DB|RUBYOPT|RUBYLIB|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS|GIT_\w+|EDITOR|VISUAL|PAGER|MANPAGER|SYSTEMD_PAGER|LESSOPEN|LESSCLOSE|BROWSER|SSH_ASKPASS|SUDO_ASKPASS|npm_config_\w+|NPM_CONFIG_\w+|YARN_\w+|PIP_\w+|CARGO_HOME|RUSTC_WRAPPER|RUSTC|CC|CXX|MAKEFLAGS|GOFLAGS|TMUX|IFS)$/;
/** GIT_ variables that only say which author or date to use, or silence output. */
const GIT_HARMLESS = /^GIT_(?:AUTHOR|COMMITTER)_(?:NAME|EMAIL|DATE)$|^GIT_(?:TERMINAL_PROMPT|TRACE\w*|FLUSH|PROGRESS_DELAY|REDACT_COOKIES|HTTP_LOW_SPEED_\w+|OPTIONAL_LOCKS|ADVICE|DEFAULT_HASH)$/;
const SYSTEM_BIN = /^\/(?:usr\/(?:local\/)?)?s?bin$|^\/opt\/[\w.-]+\/bin$|^\/usr\/lib\/[\w.-]+\/bin$/;

const hijack = (name: string): Finding => ({
  key: "env-hijack",
  reason: `setting ${name}, which makes later programs run other code (search path, start-up files, loader, helpers)`,
  verdict: "ask",
});

/** The finding for assigning `value` to `name`, if it can make programs run other code. */
export function judgeAssignment(name: string, value: string, env: SafetyEnv, cwd: string): Finding | undefined {
  if (name === "PATH") return pathIsSafe(value, env, cwd) ? undefined : hijack(name);
  if (!HIJACK.test(name) || GIT_HARMLESS.test(name)) return undefined;
  // `IFS=` splitting tricks are handled where words split; a plain IFS for `read` is ordinary.
  if (name === "IFS") return undefined;
  if (/^(?:EDITOR|VISUAL|PAGER|MANPAGER|GIT_PAGER|GIT_EDITOR)$/.test(name) && /^(?:cat|less|more|vi|vim|nano|true|)$/.test(value)) return undefined;
  return hijack(name);
}

/** Each entry is `$PATH` itself, a system directory, or a directory of the project or the temp dir. */
function pathIsSafe(value: string, env: SafetyEnv, cwd: string): boolean {
  const current = env.vars.PATH ?? "";
  const entries = value.split(current === "" ? "\0none" : current).join("").split(":").filter((e) => e !== "");
  return entries.every((e) => !e.includes(OPAQUE) && (SYSTEM_BIN.test(e) || (e.startsWith("/") || e.startsWith(".") || e.startsWith("~") ? insideWorkArea(absolutePath(e, { ...env, cwd }), env) : false)));
}

/** `export X=…`, `declare -x X=…`, `env X=… cmd`, `readonly X=…`: the assignments in the arguments. */
export function argumentAssignments(argv: readonly string[]): Array<[string, string]> {
  const [name = "", ...args] = argv;
  if (!/^(?:export|declare|typeset|local|readonly|env|sudo)$/.test(name.split("/").pop()!)) return [];
  const out: Array<[string, string]> = [];
  for (const a of args) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(a);
    if (m !== null) out.push([m[1]!, m[2]!]);
  }
  return out;
}
