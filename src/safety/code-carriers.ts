/**
 * Programs that run code given in their arguments, other than shells and interpreters
 * (interpreters.ts): `find -exec` (any program), `awk` with `system()` or pipes, `sed` with its
 * `e`/`w` commands, options that name a program to run (`tar --to-command`, `zip -TT`,
 * `rsync -e`, `git -c core.pager=…`), `flock -c`, `script -c`, editors given ex commands,
 * `make --eval`, `npm pkg set scripts.*`, `git init --template`, schedulers (`at`,
 * `systemd-run`), and containers given the host (`docker run -v /:/host`, `--privileged`).
 * Shell text is handed back to be judged like the outer command; what cannot be read asks.
 */
import { type Invocation, GIT_GLOBAL_VALUED, isOpaque, subcommand } from "./argv.js";
import type { Finding } from "./finding.js";
import { absolutePath, insideWorkArea, type SafetyEnv } from "./paths.js";
import { sedRunsOrWrites } from "./sed-script.js";

export interface Carried {
  findings: Finding[];
  /** Shell text to judge. */
  scripts: string[];
  /** Commands (argv) to judge. */
  commands: string[][];
}

const code = (what: string): Finding => ({ key: "code-option", reason: `${what}: code the guard cannot read runs`, verdict: "ask" });

/** Whether `arg` is `--name`, `--name=…` or an abbreviation getopt_long accepts (`--to-com`). */
export function longOption(arg: string, name: string, minLength = 3): boolean {
  const m = /^--([^=]+)/.exec(arg);
  if (m === null) return false;
  const given = m[1]!;
  return given === name || (given.length >= minLength && name.startsWith(given));
}

/** The value of `--name=V`, `--name V` (abbreviations too), or of a short `-xV` / `-x V`. */
function optionValues(args: readonly string[], long: readonly string[], short = ""): string[] {
  const out: string[] = [];
  args.forEach((a, i) => {
    if (long.some((l) => longOption(a, l))) out.push(a.includes("=") ? a.slice(a.indexOf("=") + 1) : (args[i + 1] ?? ""));
    else if (short !== "" && new RegExp(`^-[A-Za-z]*[${short}]`).test(a) && !a.startsWith("--")) {
      const at = [...a].findIndex((c, j) => j > 0 && short.includes(c));
      out.push(a.slice(at + 1) || (args[i + 1] ?? ""));
    }
  });
  return out;
}

type Judge = (inv: Invocation, env: SafetyEnv, out: Carried) => void;

/** `find … -exec CMD {} ;`: every program it runs; `{}` is a path under find's roots. */
const find: Judge = (inv, _env, out) => {
  inv.args.forEach((arg, i) => {
    if (!/^-(?:exec|execdir|ok|okdir)$/.test(arg)) return;
    const end = inv.args.findIndex((a, j) => j > i && (a === ";" || a === "+"));
    out.commands.push(inv.args.slice(i + 1, end === -1 ? undefined : end));
  });
};

const AWK_RUNS = /\bsystem\s*\(|\|\s*&|\|\s*getline|\bprintf?\b[^;}]*(?:>|\|)\s*["$(a-zA-Z_]|["'][^"']*["']\s*\|\s*getline|\bclose\s*\(/;

/** awk: the program (first operand unless -f/-e) must not run commands or write files. */
const awk: Judge = (inv, _env, out) => {
  if (inv.args.some((a) => /^-[A-Za-z]*[fil]/.test(a) || longOption(a, "file") || longOption(a, "include") || longOption(a, "load"))) {
    return void out.findings.push(code("awk running a program file or an extension (-f, -i inplace, -l)"));
  }
  const sources = optionValues(inv.args, ["source"], "e");
  const firstOperand = inv.args.find((a, i) => !a.startsWith("-") && !/^-[vF]$/.test(inv.args[i - 1] ?? ""));
  const program = sources.length > 0 ? sources.join("\n") : (firstOperand ?? "");
  if (isOpaque(program)) out.findings.push(code("awk running a program built at run time"));
  else if (AWK_RUNS.test(program)) out.findings.push(code("awk running commands or writing files (system(), pipes, print >)"));
};

const sed: Judge = (inv, _env, out) => {
  if (inv.args.some((a) => longOption(a, "sandbox"))) return;
  const why = sedRunsOrWrites(inv.args);
  if (why !== undefined) out.findings.push(code(`sed ${why}`));
};

/** Options that name a program or shell command to run, per program. */
const PROGRAM_OPTIONS: Record<string, { long: readonly string[]; short?: string; shellText?: boolean }> = {
  tar: { long: ["to-command", "use-compress-program", "checkpoint-action", "info-script", "new-volume-script", "rsh-command", "rmt-command"], short: "IF" },
  bsdtar: { long: ["use-compress-program"], short: "" },
  zip: { long: ["unzip-command"], short: "" },
  rsync: { long: ["rsh", "rsync-path"], short: "e", shellText: true },
  flock: { long: ["command"], short: "c", shellText: true },
  script: { long: ["command"], short: "c", shellText: true },
  runuser: { long: ["command"], short: "c", shellText: true },
  su: { long: ["command", "session-command"], short: "c", shellText: true },
  git: { long: ["exec-path", "upload-pack", "receive-pack", "exec", "template", "config-env"] },
  ssh: { long: [], short: "" },
  make: { long: ["eval"], short: "" },
  gmake: { long: ["eval"], short: "" },
  less: { long: [], short: "" },
  parallel: { long: [], short: "" },
};

const options: Judge = (inv, _env, out) => {
  const spec = PROGRAM_OPTIONS[inv.name];
  if (spec === undefined) return;
  const args = inv.name === "git" ? inv.args.slice(0, inv.args.length - subcommand(inv, GIT_GLOBAL_VALUED).rest.args.length) : inv.args;
  // `zip -TT cmd`, `tar -I prog`: short options of several letters or single ones.
  const values = [...optionValues(args, spec.long, spec.short ?? ""), ...(inv.name === "zip" ? optionValues(args, [], "") : [])];
  if (inv.name === "zip" && args.includes("-TT")) values.push(args[args.indexOf("-TT") + 1] ?? "");
  for (const v of values) {
    if (spec.shellText === true && !isOpaque(v)) out.scripts.push(v);
    else out.findings.push(code(`${inv.name} given a program or command to run`));
  }
  if (inv.name === "git") gitConfigOptions(inv, out);
};

/** git settings that make git run a command (or load code). */
export const GIT_EXEC_KEY = /^(?:core\.(?:hookspath|fsmonitor|sshcommand|pager|editor|askpass|gitproxy|attributesfile|excludesfile)|alias\..*|.*\.(?:command|textconv|helper|program|clean|smudge|process|cmd|path|tool)|credential\..*|include\.path|includeif\..*|sequence\.editor|gpg\.program|pager\..*|init\.templatedir|uploadpack\..*|receivepack\..*|protocol\..*\.allow|http\..*|remote\..*\.(?:uploadpack|receivepack|proxy))$/i;

/** `git -c KEY=VALUE …`, `git -cKEY=VALUE`, `git --config-env KEY=VAR`, `git init|clone --template=DIR`. */
function gitConfigOptions(inv: Invocation, out: Carried): void {
  const { sub, rest } = subcommand(inv, GIT_GLOBAL_VALUED);
  const globals = inv.args.slice(0, inv.args.length - rest.args.length - 1);
  globals.forEach((a, i) => {
    const setting = a === "-c" ? globals[i + 1] : a.startsWith("-c") ? a.slice(2) : undefined;
    if (setting !== undefined && (isOpaque(setting) || GIT_EXEC_KEY.test(setting.split("=")[0]!))) out.findings.push(code(`git -c ${setting.split("=")[0]} (a setting that runs a command)`));
  });
  if ((sub === "init" || sub === "clone") && rest.args.some((a) => longOption(a, "template"))) out.findings.push(code(`git ${sub} --template (its hooks run later)`));
  // Subcommands that run a shell command: `submodule foreach CMD`, `bisect run CMD`, `rebase -x CMD`.
  const verb = rest.args.findIndex((a) => !a.startsWith("-"));
  const after = (word: string): string[] | undefined => (rest.args[verb] === word ? rest.args.slice(verb + 1) : undefined);
  const runs = sub === "submodule" ? after("foreach") : sub === "bisect" ? after("run") : undefined;
  // git hands the words to a shell joined by spaces, as `sh -c "$*"`.
  const start = runs?.findIndex((a) => !a.startsWith("-")) ?? -1;
  if (runs !== undefined && start !== -1) out.scripts.push(runs.slice(start).join(" "));
  if (sub === "rebase" || sub === "difftool" || sub === "mergetool") {
    for (const v of optionValues(rest.args, ["exec", "extcmd", "tool"], sub === "rebase" ? "x" : sub === "difftool" ? "xt" : "t")) out.scripts.push(v);
  }
  if (sub === "clone" && rest.args.some((a) => a === "-c" || longOption(a, "config"))) {
    const settings = optionValues(rest.args, ["config"], "c");
    if (settings.some((s) => isOpaque(s) || GIT_EXEC_KEY.test(s.split("=")[0]!))) out.findings.push(code("git clone -c (a setting that runs a command)"));
  }
}

const EDITORS = new Set(["vi", "vim", "nvim", "ex", "view", "gvim", "vimdiff", "emacs", "emacsclient", "nano", "ed", "kak", "hx"]);

/** Editors given commands to run (`vim -c '!…'`, `+cmd`, `-S file`, `-es`, `emacs --eval`), or reading commands from stdin in ex mode. */
const editor: Judge = (inv, _env, out) => {
  const given = inv.args.some((a) => /^(?:-[cSsW]|--cmd|-[a-zA-Z]*e[a-zA-Z]*s|-[a-zA-Z]*s[a-zA-Z]*e|--eval|-l|--load|-f|--funcall|-batch|--batch|--script|-x)$/.test(a) || /^\+./.test(a) || /^--eval=/.test(a));
  if (given || inv.name === "ex" || inv.name === "ed") out.findings.push(code(`${inv.name} given editor commands (they can run shell commands and write files)`));
};

/** `npm pkg set scripts.x=…`, `npm set-script`: later `npm run` runs what it says. */
const npm: Judge = (inv, _env, out) => {
  const [first, second, ...rest] = inv.args.filter((a) => !a.startsWith("-"));
  if ((first === "pkg" && second === "set" && rest.some((r) => /^(?:scripts|bin|config|gypfile|workspaces)/.test(r))) || first === "set-script") {
    out.findings.push(code("npm pkg set scripts (later npm commands run them)"));
  }
  if (inv.args.some((a) => /^--(?:script-shell|node-options|userconfig|globalconfig)(?:=|$)/.test(a))) out.findings.push(code(`${inv.name} given a shell, Node options or a config file`));
};

/** `at`, `batch`, `systemd-run`, `nohup … &` is fine; these run a command later or elsewhere, past this session. */
const scheduler: Judge = (inv, _env, out) => {
  out.findings.push({ key: "schedules-command", reason: `${inv.name} runs a command later or as a service, outside this session`, verdict: "ask" });
};

/** Host paths a container is given (`-v /:/host`, `--mount type=bind,src=…`), and privileges over the host. */
const container: Judge = (inv, env, out) => {
  const [sub = ""] = inv.args.filter((a) => !a.startsWith("-"));
  if (!/^(?:run|create|exec|compose|container)$/.test(sub)) return;
  if (inv.args.some((a) => /^--(?:privileged|pid=host|ipc=host|userns=host|cap-add|device|security-opt)/.test(a) || a === "--pid" || a === "--device")) {
    out.findings.push({ key: "container-host", reason: `${inv.name} ${sub} with host privileges or devices`, verdict: "ask" });
  }
  const mounts = [...optionValues(inv.args, ["volume"], "v"), ...optionValues(inv.args, ["mount"]).map((m) => /(?:^|,)(?:src|source)=([^,]+)/.exec(m)?.[1] ?? "")];
  for (const m of mounts) {
    const host = m.split(":")[0] ?? "";
    if (!/^[/~.$\u0000]/.test(host)) continue; // a named volume
    if (isOpaque(host) || !insideWorkArea(absolutePath(host, { ...env, cwd: inv.cwd }), env)) {
      out.findings.push({ key: "container-host", reason: `${inv.name} ${sub} mounting ${host} from outside the project (the container may write it)`, verdict: "ask" });
    }
  }
};

/** `make -C DIR`, `make -f FILE` outside the project: a Makefile the line does not show runs. */
const make: Judge = (inv, env, out) => {
  for (const v of [...optionValues(inv.args, ["directory", "file", "makefile"], "Cf")]) {
    if (isOpaque(v) || !insideWorkArea(absolutePath(v, { ...env, cwd: inv.cwd }), env)) out.findings.push(code(`${inv.name} running a Makefile from outside the project (${v.split("\u0000").join("…")})`));
  }
};

const JUDGES: Record<string, Judge> = {
  make, gmake: make,
  find,
  awk, gawk: awk, mawk: awk, nawk: awk,
  sed, gsed: sed,
  npm, pnpm: npm, yarn: npm,
  at: scheduler, batch: scheduler, "systemd-run": scheduler, atq: () => undefined,
  docker: container, podman: container, nerdctl: container,
};
for (const e of EDITORS) JUDGES[e] = editor;

export function judgeCarriers(inv: Invocation, env: SafetyEnv): Carried {
  const out: Carried = { findings: [], scripts: [], commands: [] };
  options(inv, env, out);
  JUDGES[inv.name]?.(inv, env, out);
  return out;
}
