/**
 * `curl -o x.sh URL && sh x.sh` is `curl URL | sh` in two steps: files fetched earlier in the
 * same command line are remembered, and running one (as a program, or as the script of a
 * shell or interpreter) is treated like piping the download into a shell.
 */
import { type Invocation, isOpaque, operands } from "./argv.js";
import { absolutePath, type SafetyEnv } from "./paths.js";

const FETCHERS = new Set(["curl", "wget", "fetch", "aria2c", "http", "xh"]);
const OUTPUT_FLAG = /^(?:-o|-O|--output|--output-document|-d|--dir)$/;
const RUNNERS = /^(?:sh|bash|zsh|dash|ksh|fish|source|\.|python[\d.]*|perl|ruby|node|php)$/;

export class Downloads {
  readonly #files = new Set<string>();
  readonly #env: SafetyEnv;

  constructor(env: SafetyEnv) {
    this.#env = env;
  }

  /** Remembers what a fetcher writes: `-o FILE`, `-O FILE` (wget), `--output=FILE`, `-O` (curl: the URL's name), `> FILE`. */
  record(inv: Invocation, redirectTargets: readonly string[]): void {
    if (!FETCHERS.has(inv.name)) return;
    const files = [...redirectTargets];
    inv.args.forEach((arg, i) => {
      const inline = /^--output(?:-document)?=(.*)$/.exec(arg);
      if (inline !== null) files.push(inline[1]!);
      else if (OUTPUT_FLAG.test(arg) && inv.args[i + 1] !== undefined && !/^https?:/.test(inv.args[i + 1]!)) files.push(inv.args[i + 1]!);
      else if ((arg === "-O" || arg === "--remote-name") && inv.name === "curl") files.push(...operands(inv).map((u) => u.split("/").pop() ?? ""));
    });
    for (const url of operands(inv)) if (inv.name === "wget" && !inv.args.includes("-O")) files.push(url.split("/").pop() ?? "");
    for (const file of files) if (file !== "" && !isOpaque(file)) this.#files.add(absolutePath(file, { ...this.#env, cwd: inv.cwd }));
  }

  /** Whether the invocation runs a remembered download. */
  runs(inv: Invocation, program: string): boolean {
    if (this.#files.size === 0) return false;
    const candidates = program.includes("/") ? [program] : [];
    if (RUNNERS.test(inv.name)) candidates.push(...operands(inv).slice(0, 1));
    return candidates.some((c) => !isOpaque(c) && this.#files.has(absolutePath(c, { ...this.#env, cwd: inv.cwd })));
  }
}
