/**
 * A simple command as the rules see it: wrappers peeled off (`sudo`, `env`, `nice`, `timeout`,
 * `xargs`, …), the program's base name, and helpers to read its flags and operands.
 */
import { resolve } from "node:path";
import { OPAQUE } from "./words.js";

export interface Invocation {
  /** Base name, lower-cased: `/usr/bin/RM` → `rm`. */
  name: string;
  args: string[];
  /** The wrappers it ran under (`sudo`, `xargs`, …). */
  via: Set<string>;
  cwd: string;
  /** Shell text another program runs (`watch 'cmd'`, `env -S 'cmd'`). */
  scripts: string[];
  /** The program's words as written, wrappers peeled off (`sudo rm -rf x` → `rm -rf x`). */
  argv: string[];
}

/** Options that take a value, per wrapper, so the value is not mistaken for the command. */
const WRAPPERS: Record<string, { valued: RegExp; positional?: number }> = {
  sudo: { valued: /^-[ugCDhpURrTt]$|^--(?:user|group|chdir|host|prompt|role|type|close-from|other-user|command-timeout|chroot)$/ },
  doas: { valued: /^-[uC]$/ },
  env: { valued: /^-[uCS]$|^--(?:unset|chdir|split-string)$/ },
  nice: { valued: /^-n$|^--adjustment$/ },
  ionice: { valued: /^-[cnpP]$/ },
  nohup: { valued: /^$/ },
  time: { valued: /^-[fo]$/ },
  command: { valued: /^$/ },
  builtin: { valued: /^$/ },
  exec: { valued: /^-a$/ },
  timeout: { valued: /^-[sk]$|^--(?:signal|kill-after)$/, positional: 1 },
  stdbuf: { valued: /^-[ioe]$/ },
  setsid: { valued: /^$/ },
  nocache: { valued: /^$/ },
  unbuffer: { valued: /^$/ },
  taskset: { valued: /^$/, positional: 1 },
  chrt: { valued: /^$/, positional: 1 },
  flock: { valued: /^-[wE]$|^--(?:timeout|wait|conflict-exit-code)$/, positional: 1 },
  runuser: { valued: /^-[ugGw]$|^--(?:user|group|supp-group|whitelist-environment)$/ },
  toybox: { valued: /^$/ },
  xargs: { valued: /^-[IEdLnPsa]$|^--(?:replace|eof|delimiter|max-lines|max-args|max-procs|max-chars|arg-file)$/ },
  watch: { valued: /^-[nd]$|^--(?:interval)$/ },
  busybox: { valued: /^$/ },
  doppler: { valued: /^$/ },
};

const UNICODE_SPACES = /[\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff\u00ad]/g;

/**
 * A word as compared with the rules' words: NFKC-folded, invisible characters dropped. Only
 * comparisons use it; the command is parsed as bash reads it (`ｒｍ` is not `rm` to bash, but
 * is judged as if it were, which is never weaker).
 */
export function fold(word: string): string {
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(word) ? word : word.normalize("NFKC").replace(INVISIBLE, "");
}

/** Folded arguments; one with a Unicode space in it is also read as the words it looks like. */
function foldArgs(args: readonly string[]): string[] {
  return args.flatMap((a) => (UNICODE_SPACES.test(a) ? fold(a).split(/\s+/).filter((w) => w !== "") : [fold(a)]));
}

function baseName(word: string): string {
  const folded = fold(word);
  return (folded.split("/").pop() ?? folded).toLowerCase();
}

/** Peels wrappers off `argv`; `command -v x` and friends only look things up, so they stay as is. */
export function invocation(argv: readonly string[], startCwd: string): Invocation {
  let cwd = startCwd;
  const via = new Set<string>();
  const scripts: string[] = [];
  let rest = [...argv];
  for (let guard = 0; guard < 8 && rest.length > 0; guard++) {
    const name = baseName(rest[0]!);
    const wrapper = WRAPPERS[name];
    if (wrapper === undefined || (name === "command" && /^-[vV]$/.test(rest[1] ?? ""))) break;
    via.add(name);
    let i = 1;
    while (i < rest.length && rest[i]!.startsWith("-") && rest[i] !== "-") {
      if (rest[i] === "--") {
        i++;
        break;
      }
      const split = envSplitString(name, rest, i);
      if (split !== undefined) {
        // `env -S 'cmd args' more`: the string is split into the command, the rest follows it.
        scripts.push([split.text, ...rest.slice(split.next)].join(" "));
        rest = [];
        break;
      }
      const command = name === "flock" || name === "runuser" ? commandOption(rest, i) : undefined;
      if (command !== undefined) {
        scripts.push(command);
        rest = [];
        break;
      }
      const dir = changedDirectory(name, rest[i]!, rest[i + 1]);
      if (dir !== undefined) cwd = resolve(cwd, dir);
      i += wrapper.valued.test(rest[i]!) ? 2 : 1;
    }
    if (name === "env" || name === "sudo") while (i < rest.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[i]!)) i++;
    i += wrapper.positional ?? 0;
    if (name === "flock" || name === "runuser") {
      const command = commandOption(rest, i);
      if (command !== undefined) {
        scripts.push(command);
        rest = [];
        break;
      }
    }
    if (name === "xargs") rest = xargsCommand(rest, i);
    if (name === "watch") {
      scripts.push(rest.slice(i).join(" "));
      rest = [];
      break;
    }
    rest = rest.slice(i);
  }
  const [first = "", ...args] = rest;
  return { name: baseName(first), args: foldArgs(args), via, cwd, scripts, argv: rest };
}

/** `env -S STRING`, `-SSTRING`, `--split-string[=]STRING` (abbreviations too). */
function envSplitString(wrapper: string, rest: readonly string[], i: number): { text: string; next: number } | undefined {
  if (wrapper !== "env") return undefined;
  const arg = rest[i]!;
  if (arg === "-S" || /^--sp(?:l(?:i(?:t(?:-(?:s(?:t(?:r(?:i(?:ng?)?)?)?)?)?)?)?)?)?$/.test(arg)) return { text: rest[i + 1] ?? OPAQUE, next: i + 2 };
  if (/^-[iv0]*S./.test(arg)) return { text: arg.slice(arg.indexOf("S") + 1), next: i + 1 };
  if (/^--sp[a-z-]*=/.test(arg)) return { text: arg.slice(arg.indexOf("=") + 1), next: i + 1 };
  return undefined;
}

/** `flock FILE -c CMD`, `runuser -l user -c CMD`: the shell command given with -c / --command. */
function commandOption(rest: readonly string[], from: number): string | undefined {
  for (let i = from; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === "-c" || /^--com(?:m(?:a(?:nd?)?)?)?$/.test(a)) return rest[i + 1] ?? OPAQUE;
    if (/^-c./.test(a)) return a.slice(2);
    if (a.startsWith("--command=")) return a.slice("--command=".length);
  }
  return undefined;
}

/**
 * The command xargs runs: its replace string (`-I R`, `-i`, `--replace`) stands for input the
 * line does not show, and a shell or interpreter run by xargs also gets such input.
 */
function xargsCommand(rest: readonly string[], at: number): string[] {
  let replace: string | undefined;
  rest.slice(0, at).forEach((a, i) => {
    if (a === "-I") replace = rest[i + 1];
    else if (a.startsWith("-I") && a.length > 2) replace = a.slice(2);
    else if (a === "-i" || a === "--replace") replace = "{}";
    else if (a.startsWith("--replace=") || a.startsWith("-i")) replace = a.slice(a.indexOf("=") + 1 || 2) || "{}";
  });
  const command = rest.slice(at).map((w) => (replace === undefined || replace === "" ? w : w.split(replace).join(OPAQUE)));
  const program = baseName(command[0] ?? "");
  if (/^(?:sh|bash|zsh|dash|ksh|fish|python[\d.]*|perl|ruby|node|php)$/.test(program) && replace === undefined) command.push(OPAQUE);
  return [...rest.slice(0, at), ...command];
}

/** `env -C DIR`, `env --chdir=DIR`, `sudo -D DIR`: the program runs in DIR. */
function changedDirectory(wrapper: string, option: string, next: string | undefined): string | undefined {
  const flag = wrapper === "env" ? /^(?:-C|--chdir)$/ : wrapper === "sudo" ? /^(?:-D|--chdir)$/ : undefined;
  if (flag === undefined) return undefined;
  if (flag.test(option)) return next;
  return option.startsWith("--chdir=") ? option.slice("--chdir=".length) : undefined;
}

/** The single-letter flags (`-rf` → r, f) before `--`, and the long ones (`--force=x` → force). */
export function flags(inv: Invocation): { short: Set<string>; long: Set<string> } {
  const short = new Set<string>();
  const long = new Set<string>();
  for (const arg of inv.args) {
    if (arg === "--") break;
    if (arg.startsWith("--")) long.add(arg.slice(2).split("=")[0]!);
    else if (/^-[A-Za-z0-9]/.test(arg)) for (const ch of arg.slice(1)) short.add(ch);
  }
  return { short, long };
}

/**
 * Whether any of the flags is given. A long one also matches its abbreviations (`--rec`,
 * `--har`), as getopt_long and git read them; an ambiguous one makes the program fail, so
 * counting it as given is never weaker.
 */
export function hasFlag(inv: Invocation, shortFlags: string, longFlags: readonly string[] = []): boolean {
  const f = flags(inv);
  if ([...shortFlags].some((ch) => f.short.has(ch))) return true;
  return longFlags.some((l) => [...f.long].some((g) => g === l || (g.length > 0 && l.startsWith(g))));
}

/** Arguments that are not options (everything after `--` is an operand). */
export function operands(inv: Invocation): string[] {
  const out: string[] = [];
  let ended = false;
  for (const arg of inv.args) {
    if (!ended && arg === "--") ended = true;
    else if (ended || !arg.startsWith("-") || arg === "-") out.push(arg);
  }
  return out;
}

/** git's options before the subcommand that take a value. */
export const GIT_GLOBAL_VALUED = /^-[Cc]$|^--(?:git-dir|work-tree|namespace|exec-path)$/;

/** `git -C dir -c k=v push …` → the subcommand and its arguments. */
export function subcommand(inv: Invocation, valued: RegExp): { sub: string; rest: Invocation } {
  let i = 0;
  while (i < inv.args.length && inv.args[i]!.startsWith("-")) i += valued.test(inv.args[i]!) ? 2 : 1;
  return { sub: inv.args[i] ?? "", rest: { ...inv, args: inv.args.slice(i + 1) } };
}

export function isOpaque(word: string): boolean {
  return word.includes(OPAQUE);
}
