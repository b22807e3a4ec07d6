/**
 * Programs that run code given as data: shells (`bash -c STRING`, `| sh`, here-documents),
 * interpreters (`python -c`, `node -e`, `perl -e`, `ruby -e`, `| python`), `eval`/`source`,
 * and the scripts in `alias`, `trap` and `ssh HOST COMMAND`.
 * Shell text is handed back to be parsed and judged like the outer command; inline code in
 * another language is judged by what it does (deletes, writes outside the working directory,
 * spawns processes, or hides what it does).
 */
import { type Invocation, hasFlag, isOpaque, operands } from "./argv.js";
import type { Finding } from "./finding.js";

const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "csh", "tcsh", "yash", "rbash"]);
export type Language = "python" | "node" | "perl" | "ruby" | "php" | "lua";

/** The language an interpreter's name stands for (`python3.12` → python), else undefined. */
export function language(name: string): Language | undefined {
  if (/^python[\d.]*$|^pypy[\d.]*$/.test(name)) return "python";
  if (name === "node" || name === "nodejs" || name === "bun" || name === "deno") return "node";
  if (/^perl[\d.]*$/.test(name)) return "perl";
  if (/^ruby[\d.]*$|^irb$/.test(name)) return "ruby";
  if (/^php[\d.]*$/.test(name)) return "php";
  if (/^lua(?:jit|[\d.]*)$/.test(name)) return "lua";
  return undefined;
}

/**
 * The option that takes inline code, per language: short flags may be grouped (`-Bc`, `-ne`)
 * and the code attached (`-cCODE`, `-e'CODE'`); group 1 is the attached code.
 */
const CODE_FLAG: Record<Language, RegExp> = {
  python: /^-[bBdEhiIOqsSuvVxRP]*c(.*)$/s,
  node: /^-(?:e|p|pe|ep)(.*)$/s,
  perl: /^-[acnpsTtUWwXl0-9]*[eE](.*)$/s,
  ruby: /^-[a-zA-Z]*?e(.*)$/s,
  php: /^-r(.*)$/s,
  lua: /^-e(.*)$/s,
};
/** Options that take a value (so the value is not read as the script). */
const VALUED: Partial<Record<Language, RegExp>> = { python: /^-[WXm]$/, node: /^-(?:r|-require|-import|-loader|-input-type|-conditions)$/, perl: /^-[IMm]$/, ruby: /^-[IrC]$/ };

/** The inline code an interpreter is given (`-c CODE`, `-cCODE`, `--eval=CODE`, `--eval CODE`), if any. */
function inlineCode(args: readonly string[], lang: Language): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--" || a === "-" || !a.startsWith("-")) return undefined;
    const long = lang === "node" ? /^--(?:e(?:v(?:al?)?)?|p(?:r(?:i(?:nt?)?)?)?)(?:=(.*))?$/s.exec(a) : null;
    if (long !== null) return long[1] ?? args[i + 1] ?? "";
    const m = CODE_FLAG[lang].exec(a);
    if (m !== null && !a.startsWith("--")) return m[1] !== "" ? m[1] : (args[i + 1] ?? "");
    if (lang === "python" && a === "-m") return undefined;
    if (VALUED[lang]?.test(a) === true) i++;
  }
  return undefined;
}

export interface CodeVerdict {
  findings: Finding[];
  /** Shell text to parse and judge as well. */
  scripts: string[];
}

const finding = (key: string, reason: string, verdict: "ask" | "refuse" = "ask"): Finding => ({ key, reason, verdict });
const PIPE_TO_SHELL = "pipe-to-shell";

/** Judges one invocation as a runner of code; `piped`/`stdinText` describe its stdin. */
export function judgeCodeRunner(inv: Invocation, piped: boolean, stdinText: string | undefined): CodeVerdict {
  const out: CodeVerdict = { findings: [], scripts: [...inv.scripts] };
  if (inv.name === "eval") {
    out.findings.push(finding("eval", "eval runs text built at run time"));
    out.scripts.push(inv.args.join(" "));
  } else if (inv.name === "source" || inv.name === ".") {
    if (inv.args[0] === undefined || isOpaque(inv.args[0]) || inv.args[0] === "/dev/stdin") {
      out.findings.push(finding(PIPE_TO_SHELL, "sourcing code the command line does not show (source <(…) or stdin)"));
    }
  } else if (inv.name === "alias") {
    for (const arg of inv.args) if (arg.includes("=")) out.scripts.push(arg.slice(arg.indexOf("=") + 1));
  } else if (inv.name === "trap") {
    if (inv.args[0] !== undefined && !inv.args[0].startsWith("-")) out.scripts.push(inv.args[0]);
  } else if (inv.name === "ssh") {
    // The host may well be this machine: its remote command is judged like a local one.
    const remote = sshRemoteCommand(inv.args);
    if (remote !== undefined) out.scripts.push(remote);
  } else if (SHELLS.has(inv.name) || inv.name === "su") shell(inv, piped, stdinText, out);
  else {
    const lang = language(inv.name);
    if (lang !== undefined) interpreter(inv, lang, piped, stdinText, out);
  }
  return out;
}

/** ssh options that take a value (`-p 22`, `-i key`, `-o Opt=x`, …). */
const SSH_VALUED = /^-[BbcDEeFIiJLlmOoPpQRSWw]$/;

function sshRemoteCommand(args: readonly string[]): string | undefined {
  let i = 0;
  while (i < args.length && args[i]!.startsWith("-")) i += SSH_VALUED.test(args[i]!) ? 2 : 1;
  const command = args.slice(i + 1);
  return command.length === 0 ? undefined : command.join(" ");
}

function shell(inv: Invocation, piped: boolean, stdinText: string | undefined, out: CodeVerdict): void {
  const at = inv.args.findIndex((a) => /^-[A-Za-z]*c[A-Za-z]*$/.test(a) || a === "--command");
  if (at !== -1) {
    const after = inv.args.slice(at + 1);
    const scriptAt = after.findIndex((a) => !a.startsWith("-"));
    const script = after[scriptAt] ?? "";
    if (isOpaque(script)) out.findings.push(finding("dynamic-command", "a shell runs a command string built at run time"));
    out.scripts.push(script);
    // `sh -c '$0' 'rm -rf /'`, `sh -c '"$@"' _ rm -rf /`: the script may run its arguments.
    const [arg0, ...rest] = after.slice(scriptAt + 1);
    if (arg0 !== undefined && /\$\{?0/.test(script)) out.scripts.push(arg0);
    if (rest.length > 0 && /\$\{?[@*1-9]/.test(script)) out.scripts.push(rest.map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" "));
    return;
  }
  if (inv.name === "su") return;
  // `bash -s -- args` reads the script from stdin; the operands are its arguments.
  const [script] = hasFlag(inv, "s") ? [] : operands(inv);
  if (script !== undefined && /^\/dev\/fd\/[1-9]|^\/proc\/[^/]+\/fd\/[1-9]/.test(script)) {
    out.findings.push(finding(PIPE_TO_SHELL, "a shell runs a script from a file descriptor the command line does not show"));
  } else if (script === undefined || script === "-" || /^\/dev\/(?:stdin|fd\/0)$|^\/proc\/[^/]+\/fd\/0$/.test(script)) {
    // Known input (a here-document, `echo … |`) is judged as a script too; piped data asks regardless.
    if (stdinText !== undefined) out.scripts.push(stdinText);
    if (piped) out.findings.push(finding(PIPE_TO_SHELL, "piping data into a shell (… | sh) runs whatever the data says"));
  } else if (isOpaque(script)) {
    out.findings.push(finding(PIPE_TO_SHELL, "a shell runs a script the command line does not show (bash <(…))"));
  }
}

function interpreter(inv: Invocation, lang: Language, piped: boolean, stdinText: string | undefined, out: CodeVerdict): void {
  const inline = inlineCode(inv.args, lang) ?? (lang === "node" && inv.args[0] === "eval" ? (inv.args[1] ?? "") : undefined);
  if (inline !== undefined) {
    out.findings.push(...judgeInlineCode(inline, lang));
    return;
  }
  const [script] = operands(inv);
  if (script !== undefined && script !== "-" && !isOpaque(script)) return;
  if (script !== undefined && isOpaque(script)) out.findings.push(finding(PIPE_TO_SHELL, `${inv.name} runs a script the command line does not show`));
  else {
    if (stdinText !== undefined) out.findings.push(...judgeInlineCode(stdinText, lang));
    if (piped) out.findings.push(finding(PIPE_TO_SHELL, `piping data into ${inv.name} runs whatever the data says`));
  }
}

const SPAWNS: RegExp[] = [
  /\b(?:subprocess|os\.(?:system|popen|exec\w*|spawn\w*|fork|kill|killpg)|pty\.spawn|commands\.getoutput)\b/,
  /\bchild_process\b|\b(?:execSync|execFileSync|spawnSync|execFile|spawn|fork)\s*\(|process\.kill\b/,
  /\b(?:system|exec|qx|fork|kill|popen|passthru|shell_exec|proc_open|pcntl_exec|io\.popen|os\.execute)\s*[(\s'"{]|%x[({[]|IO\.popen|Process\.spawn|Open3/,
];
const DELETES = /\b(?:os\.(?:remove|unlink|rmdir|removedirs|truncate)|shutil\.(?:rmtree|move)|rmtree|remove_tree|unlinkSync|rmSync|rmdirSync|fs\.(?:rm|unlink|rmdir|truncate)\w*|fsPromises\.rm|File\.delete|FileUtils\.(?:rm\w*|remove\w*)|Dir\.(?:delete|rmdir)|unlink|rmdir|\.unlink\(|\.rmdir\(|\.truncate\(|os\.remove)\b/;
/**
 * Writing files: `open(` may wrap its path in up to two levels of calls
 * (`open(os.path.join(os.path.expanduser("~"), ".x"), "a")`); unpacking archives and downloads write too.
 */
const WRITES = /\bopen\((?:[^()]|\((?:[^()]|\([^()]{0,200}\)){0,200}\)){0,300}["'][rbt]{0,2}[wax+][rbt+]{0,2}["']|\.write_(?:text|bytes)\(|\b(?:writeFile\w*|appendFile\w*|createWriteStream|copyFile\w*|cpSync|rename\w*|symlink\w*|chmod\w*|chown\w*|file_put_contents|fputs|fwrite)\b|shutil\.copy\w*|\b(?:extractall|unpack_archive|urlretrieve|download_file)\s?\(|\.extract\(|File\.write|\b(?:File|io)\.open\([^)]{0,300}["'][wa]|IO\.write|\bopen\b[^;]{0,80}?,\s?["']?\s?[>+]/;
const OUTSIDE = /["'`](?:\/(?!dev\/null)|~|\.\.)|expanduser|homedir|Path\.home|environ|getenv|process\.env|ENV\[|\$HOME|\$ENV/;
const HIDDEN = /\b(?:eval|exec|compile|__import__|importlib|getattr|Function|b64decode|base64|atob|fromCharCode|unpack|decode\s*\(\s*["']rot|codecs)\b|\\x[0-9a-fA-F]{2}|\bchr\s*\(\s*\d|require\(\s*[^'"`\s)]|\bimport\s*\(\s*[^'"`\s)]/;
const FORK_BOMB = /\bfork\s+while\s+fork\b|while\s*(?:True|1)\s*:\s*os\.fork\(\)|loop[\s{]*fork|while\s*\(\s*1\s*\)[\s{]*fork/;
/** Longer inline code is not read (the patterns above must stay cheap); it asks instead. */
const MAX_CODE = 20_000;

/** What inline code in `lang` would do, as findings; harmless code (`print(1+1)`) has none. */
export function judgeInlineCode(source: string, lang: Language): Finding[] {
  if (isOpaque(source)) return [finding("inline-code", `${lang} code built at run time`)];
  if (source.length > MAX_CODE) return [finding("inline-code", `${lang} code too long to judge (over ${MAX_CODE} characters)`)];
  // One space for every run of whitespace keeps the patterns' `\s*` from backtracking.
  const code = source.replace(/\s+/g, " ");
  if (FORK_BOMB.test(code)) return [finding("fork-bomb", "a fork bomb", "refuse")];
  const findings: Finding[] = [];
  if (SPAWNS.some((re) => re.test(code))) findings.push(finding("inline-code", `${lang} code that starts other programs`));
  else if (DELETES.test(code)) findings.push(finding("inline-code", `${lang} code that deletes files`));
  else if (WRITES.test(code) && OUTSIDE.test(code)) findings.push(finding("inline-code", `${lang} code that writes outside the working directory`));
  else if (HIDDEN.test(code)) findings.push(finding("inline-code", `${lang} code that hides what it runs (eval, exec, decoding, dynamic imports)`));
  return findings;
}
