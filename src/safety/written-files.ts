/**
 * Files a command line writes and then runs. `curl -o x.sh URL && sh x.sh` is `curl URL | sh`
 * in two steps, and `echo 'rm -rf /' > x.sh; sh x.sh` is `rm -rf /` in two: downloads are
 * remembered as such, files written from known text (`echo`, `printf`, here-documents) with
 * their content, and running one of them (as a program, or as the script of a shell or an
 * interpreter) is judged on what it holds.
 */
import { type Invocation, isOpaque, operands } from "./argv.js";
import { writeTargets } from "./writes.js";
import { absolutePath, type SafetyEnv } from "./paths.js";

const FETCHERS = new Set(["curl", "wget", "fetch", "aria2c", "http", "xh"]);
const OUTPUT_FLAG = /^(?:-o|-O|--output|--output-document|-d|--dir)$/;
const RUNNERS = /^(?:sh|bash|zsh|dash|ksh|fish|source|\.|python[\d.]*|perl|ruby|node|php)$/;

/** A file written earlier in the line: downloaded, or written with this content (undefined: not known). */
const KEEPS_CONTENT = new Set(["chmod", "chown", "chgrp", "chattr", "setfacl", "touch", "chflags", "lchown"]);

export type WrittenFile = { downloaded: true } | { downloaded: false; content: string | undefined };

/** Programs that run a file of the project by its conventional name: `make` a Makefile, `npm test` package.json's scripts. */
const RUNS_BY_NAME: Record<string, readonly string[]> = {
  make: ["Makefile", "makefile", "GNUmakefile"],
  gmake: ["Makefile", "makefile", "GNUmakefile"],
  npm: ["package.json", ".npmrc"],
  pnpm: ["package.json", ".npmrc"],
  yarn: ["package.json", ".yarnrc.yml", ".yarnrc"],
  bun: ["package.json", "bunfig.toml"],
  npx: ["package.json", ".npmrc"],
  cargo: ["build.rs", "Cargo.toml", ".cargo/config.toml"],
  just: ["justfile", "Justfile"],
  rake: ["Rakefile"],
  gradle: ["build.gradle", "build.gradle.kts"],
  mvn: ["pom.xml"],
  pytest: ["conftest.py", "pytest.ini"],
  tox: ["tox.ini"],
  git: [".git/hooks", ".gitattributes"],
};

export class WrittenFiles {
  readonly #files = new Map<string, WrittenFile>();
  readonly #env: SafetyEnv;

  constructor(env: SafetyEnv) {
    this.#env = env;
  }

  /**
   * Remembers what `inv` writes: a fetcher's output files (curl and wget read through the
   * write-target table: `-o`, `-sLo`, `-O`, `--output-dir`, `-P`, …; other fetchers' `-o FILE`,
   * `-O FILE`, `--output=FILE`) or `> FILE`; any other command's `> FILE` when its output
   * (`output`) is known.
   */
  record(inv: Invocation, redirectTargets: readonly string[], output: string | undefined, written: readonly string[] = []): void {
    if (!FETCHERS.has(inv.name)) {
      // A permission change keeps the content: `printf … > x.sh && chmod +x x.sh && ./x.sh`.
      if (!KEEPS_CONTENT.has(inv.name)) for (const file of written) this.#remember(file, inv.cwd, { downloaded: false, content: inv.name === "tee" ? output : undefined });
      for (const file of redirectTargets) this.#remember(file, inv.cwd, { downloaded: false, content: output });
      return;
    }
    const files = [...redirectTargets, ...writeTargets(inv).flatMap((t) => (t.tree === true ? [] : [t.path]))];
    inv.args.forEach((arg, i) => {
      const inline = /^--output(?:-document)?=(.*)$/.exec(arg);
      if (inline !== null) files.push(inline[1]!);
      else if (OUTPUT_FLAG.test(arg) && inv.args[i + 1] !== undefined && !/^https?:/.test(inv.args[i + 1]!)) files.push(inv.args[i + 1]!);
    });
    for (const file of files) this.#remember(file, inv.cwd, { downloaded: true });
  }

  #remember(file: string, cwd: string, what: WrittenFile): void {
    if (file !== "" && !isOpaque(file)) this.#files.set(absolutePath(file, { ...this.#env, cwd }), what);
  }

  /** The remembered file the invocation runs (`./x.sh`, `sh x.sh`, `bash < x.sh`, `python3 x.py`, `make` a Makefile), if any. */
  ranBy(inv: Invocation, program: string, stdinFile?: string): WrittenFile | undefined {
    if (this.#files.size === 0) return undefined;
    const candidates = program.includes("/") ? [program] : [];
    if (RUNNERS.test(inv.name)) candidates.push(...operands(inv).slice(0, 1));
    if (RUNNERS.test(inv.name) && stdinFile !== undefined) candidates.push(stdinFile);
    const byName = RUNS_BY_NAME[inv.name];
    if (byName !== undefined) {
      const written = [...this.#files.keys()];
      const hit = byName.map((n) => absolutePath(n, { ...this.#env, cwd: inv.cwd })).find((p) => written.some((w) => w === p || w.startsWith(`${p}/`)));
      if (hit !== undefined) return { downloaded: false, content: undefined };
    }
    for (const c of candidates) {
      const hit = isOpaque(c) ? undefined : this.#files.get(absolutePath(c, { ...this.#env, cwd: inv.cwd }));
      if (hit !== undefined) return hit;
    }
    return undefined;
  }
}
