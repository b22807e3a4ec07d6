/**
 * The write-target table: for each program that writes files, where it writes them, read from
 * its arguments with its own option syntax (see options.ts). A target is a path, or a tree: a
 * directory below which the program may write any file (an archive unpacked into it, a
 * directory's contents copied into it, a recursive download). Archive tools are in
 * write-archives.ts, copies and downloads in write-transfers.ts. Programs not listed write
 * nothing the guard can see (their redirections are judged apart).
 */
import { GIT_GLOBAL_VALUED, flags, operands, subcommand } from "./argv.js";
import { type OptionSpec, given, parseArgs, values } from "./options.js";
import { ARCHIVE_WRITERS } from "./write-archives.js";
import { type Targets, chainedDirs, file, last, notStdout, rows, tree, under } from "./write-target.js";
import { TRANSFER_WRITERS } from "./write-transfers.js";

const CLONE: OptionSpec = {
  short: "bocuj",
  long: [
    "branch", "origin", "config", "upload-pack", "jobs", "depth", "template", "reference", "reference-if-able", "separate-git-dir",
    "shallow-since", "shallow-exclude", "filter", "server-option", "bundle-uri", "revision",
  ],
};

const GIT_GLOBALS: OptionSpec = { short: "Cc", long: ["git-dir", "work-tree", "namespace", "exec-path"] };
/** Subcommands that write files into the work tree. */
const WORK_TREE_WRITERS = new Set(["checkout", "switch", "restore", "reset", "pull", "merge", "rebase", "stash", "cherry-pick", "revert", "apply", "am", "read-tree", "checkout-index"]);

/**
 * git: `clone URL [TARGET]` makes TARGET (or the repository's name); `--work-tree=DIR checkout`
 * and the like write anywhere in DIR (the dotfiles-in-a-bare-repository trick); `archive -o FILE`.
 * All under `-C DIR`.
 */
const gitTargets: Targets = (inv) => {
  const { sub, rest } = subcommand(inv, GIT_GLOBAL_VALUED);
  const globals = parseArgs(inv.args.slice(0, inv.args.length - rest.args.length - 1), GIT_GLOBALS);
  const base = last(chainedDirs(values(globals, "C")))!;
  const workTree = last(values(globals, "work-tree"));
  if (workTree !== undefined && WORK_TREE_WRITERS.has(sub)) return [tree(under(base, workTree))];
  if (sub === "archive") return values(parseArgs(rest.args, { short: "o", long: ["output", "format", "prefix", "remote", "exec"] }), "o", "output").map((f) => file(under(base, f)));
  if (sub !== "clone") return [];
  const p = parseArgs(rest.args, CLONE);
  const [url = "", target] = p.operands;
  const name = target ?? url.replace(/\/+$/, "").replace(/\.git$/, "").split(/[/:]/).pop() ?? "";
  return [file(under(base, name)), ...values(p, "separate-git-dir").map(file)];
};

const PERMISSION_SPECS: Record<string, OptionSpec> = {
  setfacl: { short: "mMxX", long: ["modify", "modify-file", "remove", "remove-file", "set", "set-file", "restore"] },
  chattr: { short: "vp" },
};

/** chmod, chown, chattr, setfacl, …: the files whose permissions change (a tree when recursive). The mode is an operand too, harmlessly. */
const permissionTargets: Targets = (inv) => {
  const p = parseArgs(inv.args, PERMISSION_SPECS[inv.name] ?? {});
  const recursive = given(p, "R", "recursive");
  return p.operands.map((op) => (recursive ? tree(op) : file(op)));
};

const SSH_KEYGEN: OptionSpec = { short: "abCDEFfGIJjMmNnOPRrSstVwYzT" };

/**
 * ssh-keygen writes its -f file (default ~/.ssh/id_TYPE), known_hosts for -R/-H and the host
 * keys in /etc/ssh for -A, unless it only reads (or signs and verifies data with -Y).
 */
const sshKeygenTargets: Targets = (inv) => {
  const p = parseArgs(inv.args, SSH_KEYGEN);
  if (given(p, "l", "y", "F", "B", "e", "i", "D", "Q", "L", "Y")) return [];
  if (given(p, "A")) return [file("/etc/ssh")];
  const keyFile = last(values(p, "f"));
  if (given(p, "R", "H")) return [file(keyFile ?? "~/.ssh/known_hosts")];
  if (given(p, "s")) return p.operands.map(file);
  const key = keyFile ?? `~/.ssh/id_${last(values(p, "t")) ?? "rsa"}`;
  return [file(key), file(`${key}.pub`)];
};

/** patch: -o/-r files, the file operand, else any file under -d DIR or the working directory. */
const patchTargets: Targets = (inv) => {
  const p = parseArgs(inv.args, { short: "pdiorBDFzVYg", long: ["strip", "directory", "input", "output", "reject-file", "prefix", "ifdef", "fuzz", "suffix", "basename-prefix"] });
  const dir = last(values(p, "d", "directory")) ?? ".";
  const out = values(p, "o", "output", "r", "reject-file").filter(notStdout).map(file);
  const [target] = p.operands;
  return [...out, target === undefined ? tree(dir) : file(under(dir, target))];
};

/** Editors opened on files (scripted with `ex -sc …` or `vim -c …`), unless read-only. */
const editorTargets: Targets = (inv) => {
  if (inv.args.includes("-R")) return [];
  const p = parseArgs(inv.args, { short: "cSuUiTtqwW", long: ["cmd", "eval", "load", "funcall"] });
  return [...p.operands.filter((o) => !o.startsWith("+")), ...values(p, "w", "W")].map(file);
};

/** sqlite3 DB …: the database file, unless opened read-only. */
const sqliteTargets: Targets = (inv) => {
  const valued = ["cmd", "separator", "nullvalue", "newline", "init", "vfs", "maxsize", "mmap", "pagecache", "lookaside", "heap"];
  const p = parseArgs(inv.args, { dashLong: valued, long: valued });
  const db = p.operands[0];
  return db === undefined || inv.args.some((a) => /^--?readonly$/.test(a)) ? [] : [file(db)];
};

const operandTargets: Targets = (inv) => operands(inv).map(file);

/** sed -i edits its file operands (the first operand is the script unless -e/-f gave it). */
const sedTargets: Targets = (inv) => {
  const p = parseArgs(inv.args, { short: "efl", attached: "i", long: ["expression", "file", "line-length"] });
  if (!given(p, "i", "in-place")) return [];
  return (given(p, "e", "f", "expression", "file") ? p.operands : p.operands.slice(1)).map(file);
};

const byOption =
  (spec: OptionSpec, ...names: string[]): Targets =>
  (inv) =>
    values(parseArgs(inv.args, spec), ...names).filter(notStdout).map(file);

const SORT: OptionSpec = { short: "oTSkt", long: ["output", "temporary-directory", "buffer-size", "key", "field-separator", "files0-from", "compress-program", "parallel", "batch-size", "random-source"] };
const GPG: OptionSpec = { short: "oruRz", long: ["output", "recipient", "local-user", "homedir", "default-key", "passphrase", "passphrase-file", "keyserver", "trust-model", "hidden-recipient", "encrypt-to"] };

/** Program name → where it writes. `perl5.36` is `perl`, `python3.12` is `python`. */
export const WRITE_COMMANDS: ReadonlyMap<string, Targets> = new Map<string, Targets>([
  ...rows(["tee", "rm", "unlink", "rmdir", "shred", "truncate", "srm", "sponge", "touch", "mkdir", "mkfifo", "mknod"], operandTargets),
  ...TRANSFER_WRITERS,
  ...ARCHIVE_WRITERS,
  ["git", gitTargets],
  ...rows(["chmod", "chown", "chgrp", "lchown", "chattr", "chflags", "setfacl"], permissionTargets),
  ["ssh-keygen", sshKeygenTargets],
  ["patch", patchTargets],
  ...rows(["ed", "ex", "vi", "vim", "nvim", "nano", "pico", "emacs", "micro", "joe"], editorTargets),
  ...rows(["sqlite3", "sqlite"], sqliteTargets),
  ["sed", sedTargets],
  // perl's switches cluster (`-pi.bak -e`), but -M/-m/-I take attached values (`-MFile::Path`).
  ["perl", (inv) => (inv.args.some((a) => /^-[acnpsTtUWwXl0-9]*i/.test(a)) ? operandTargets(inv) : [])],
  ["dd", (inv) => inv.args.filter((a) => a.startsWith("of=")).map((a) => file(a.slice(3)))],
  ["sort", byOption(SORT, "o", "output")],
  ["uniq", (inv) => parseArgs(inv.args, { short: "fsw" }).operands.slice(1, 2).map(file)],
  ...rows(["gpg", "gpg2"], byOption(GPG, "o", "output")),
  ["openssl", byOption({ dashLong: ["out", "keyout"] }, "out", "keyout")],
]);

