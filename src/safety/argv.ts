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
  flock: { valued: /^-[wEc]$/, positional: 1 },
  xargs: { valued: /^-[IEdLnPsa]$|^--(?:replace|eof|delimiter|max-lines|max-args|max-procs|max-chars|arg-file)$/ },
  watch: { valued: /^-[nd]$|^--(?:interval)$/ },
  busybox: { valued: /^$/ },
  doppler: { valued: /^$/ },
};

function baseName(word: string): string {
  return (word.split("/").pop() ?? word).toLowerCase();
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
      if ((name === "env" && /^-S/.test(rest[i]!)) || (name === "env" && rest[i] === "--split-string")) scripts.push(rest[i + 1] ?? OPAQUE);
      const dir = changedDirectory(name, rest[i]!, rest[i + 1]);
      if (dir !== undefined) cwd = resolve(cwd, dir);
      i += wrapper.valued.test(rest[i]!) ? 2 : 1;
    }
    if (name === "env" || name === "sudo") while (i < rest.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[i]!)) i++;
    i += wrapper.positional ?? 0;
    if (name === "watch") {
      scripts.push(rest.slice(i).join(" "));
      rest = [];
      break;
    }
    rest = rest.slice(i);
  }
  const [first = "", ...args] = rest;
  return { name: baseName(first), args, via, cwd, scripts, argv: rest };
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

export function hasFlag(inv: Invocation, shortFlags: string, longFlags: readonly string[] = []): boolean {
  const f = flags(inv);
  return [...shortFlags].some((ch) => f.short.has(ch)) || longFlags.some((l) => f.long.has(l));
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
