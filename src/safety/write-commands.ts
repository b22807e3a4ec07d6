/**
 * The write-target table: for each program that writes files, where it writes them, read from
 * its arguments with its own option syntax (see options.ts). A target is a path, or a tree: a
 * directory below which the program may write any file (an archive unpacked into it, a
 * directory's contents copied into it, a recursive download). Programs not listed write
 * nothing the guard can see (their redirections are judged apart).
 */
import { join } from "node:path";
import { GIT_GLOBAL_VALUED, type Invocation, flags, operands, subcommand } from "./argv.js";
import { type OptionSpec, given, parseArgs, values } from "./options.js";

export interface WriteTarget {
  path: string;
  /** Any file below `path` may be written. */
  tree?: true;
}

type Targets = (inv: Invocation) => WriteTarget[];

const file = (path: string): WriteTarget => ({ path });
const tree = (path: string): WriteTarget => ({ path, tree: true });
const notStdout = (path: string): boolean => path !== "-" && path !== "";
const last = (list: readonly string[]): string | undefined => list[list.length - 1];
/** `~/x` and `/x` stand alone; other paths are taken relative to `dir`. */
const under = (dir: string, path: string): string => (/^[/~]/.test(path) ? path : join(dir, path));

/** `host:path`, `user@host:path`, `host::module`, `rsync://…`: not a file on this machine. */
const REMOTE = /^(?:[\w.-]+@)?[\w.-]+::?|^[a-z]+:\/\//i;
/** `container:path`, `namespace/pod:path` (docker, podman, kubectl). */
const CONTAINER = /^\w[\w./-]*:/;

/** The name a source keeps at its destination: `host:dir/.bashrc/` → `.bashrc`. */
function baseName(source: string): string {
  const path = source.replace(REMOTE, "").replace(/\/+$/, "");
  return path.split("/").pop() ?? "";
}

/** cp: `.` and `dir/.` name a directory's contents; a glob left unexpanded that starts with `.` may match dotfiles. */
const CP_CONTENTS = /(?:^|\/)\.$|(?:^|\/)\.[^/]*[*?[][^/]*$/;
/** rsync: a trailing slash names the contents too. */
const RSYNC_CONTENTS = /(?:^|\/)\.?$|(?:^|\/)\.[^/]*[*?[][^/]*$/;

/** A copy of `sources` into `dest`: dest itself, dest/<name of each source>, or all of dest for contents. */
function copyInto(dest: string, sources: readonly string[], contents: RegExp): WriteTarget[] {
  return [file(dest), ...sources.map((s) => (contents.test(s) ? tree(dest) : file(join(dest, baseName(s)))))];
}

/** The last operand is the destination when it is local; the others are sources. */
function copyOperands(ops: readonly string[], remote: RegExp, contents: RegExp): WriteTarget[] {
  const dest = last(ops);
  if (ops.length < 2 || dest === undefined || remote.test(dest)) return [];
  return copyInto(dest, ops.slice(0, -1), contents);
}

const COPY_SPECS: Record<string, OptionSpec> = {
  cp: { short: "St", long: ["target-directory", "suffix"] },
  mv: { short: "St", long: ["target-directory", "suffix"] },
  ln: { short: "St", long: ["target-directory", "suffix"] },
  link: {},
  install: { short: "mogSt", long: ["target-directory", "suffix", "mode", "owner", "group", "strip-program"] },
};

/** cp, mv, ln, install: `-t DIR`, `-T`, the last operand, and mv's sources (moved away). */
const copyTargets: Targets = (inv) => {
  const p = parseArgs(inv.args, COPY_SPECS[inv.name] ?? {});
  const ops = p.operands;
  const moved = inv.name === "mv" ? ops.map(file) : [];
  if (inv.name === "install" && given(p, "d", "directory")) return ops.map(file);
  const dir = last(values(p, "t", "target-directory"));
  if (dir !== undefined) return [...copyInto(dir, ops, CP_CONTENTS), ...moved];
  if (ops.length === 1 && inv.name === "ln") return copyInto(".", ops, CP_CONTENTS);
  const dest = last(ops);
  if (ops.length < 2 || dest === undefined) return moved;
  if (given(p, "T", "no-target-directory")) return [given(p, "r", "R", "a", "recursive", "archive") ? tree(dest) : file(dest), ...moved];
  return [...copyInto(dest, ops.slice(0, -1), CP_CONTENTS), ...moved];
};

const RSYNC: OptionSpec = {
  short: "eBfTM@",
  long: [
    "rsh", "filter", "exclude", "include", "exclude-from", "include-from", "files-from", "temp-dir", "partial-dir", "backup-dir",
    "suffix", "compare-dest", "copy-dest", "link-dest", "log-file", "log-file-format", "chmod", "chown", "usermap", "groupmap",
    "password-file", "bwlimit", "max-size", "min-size", "max-delete", "timeout", "contimeout", "port", "out-format", "rsync-path",
    "info", "debug", "block-size", "modify-window", "remote-option", "iconv", "checksum-choice", "compress-choice",
    "compress-level", "sockopts", "write-batch", "only-write-batch", "read-batch", "protocol", "address", "stop-after", "stop-at",
  ],
};

const rsyncTargets: Targets = (inv) => {
  const p = parseArgs(inv.args, RSYNC);
  const logs = values(p, "log-file", "write-batch", "only-write-batch", "backup-dir").map(file);
  return [...logs, ...copyOperands(p.operands, REMOTE, RSYNC_CONTENTS)];
};

const scpTargets: Targets = (inv) => copyOperands(parseArgs(inv.args, { short: "cDFiJlmoPSX" }).operands, REMOTE, CP_CONTENTS);

const CONTAINER_CLI: OptionSpec = { short: "ncHl", long: ["namespace", "context", "kubeconfig", "cluster", "user", "host", "config", "log-level", "container"] };

/** `docker cp SRC DEST`, `podman container cp`, `kubectl -n NS cp`: DEST when it is on this machine. */
const containerCopyTargets: Targets = (inv) => {
  const ops = parseArgs(inv.args, CONTAINER_CLI).operands;
  const at = ops[0] === "container" ? 1 : 0;
  return ops[at] === "cp" ? copyOperands(ops.slice(at + 1), CONTAINER, CP_CONTENTS) : [];
};

const TAR: OptionSpec = {
  short: "bCfFgHIKLNTVX",
  long: [
    "directory", "file", "files-from", "exclude", "exclude-from", "use-compress-program", "transform", "xform", "owner", "group",
    "mode", "mtime", "newer", "after-date", "label", "blocking-factor", "format", "index-file", "info-script", "new-volume-script",
    "tape-length", "starting-file", "strip-components", "to-command", "rsh-command", "volno-file", "record-size",
  ],
};

/** `tar xzf a.tgz -C dir` (letters without a dash, their values in order) read as `-x -z -f a.tgz -C dir`. */
function tarArgs(args: readonly string[]): string[] {
  const [first, ...rest] = args;
  if (first === undefined || !/^[A-Za-z]+$/.test(first)) return [...args];
  const out: string[] = [];
  for (const letter of first) {
    out.push(`-${letter}`);
    if (TAR.short!.includes(letter) && rest.length > 0) out.push(rest.shift()!);
  }
  return [...out, ...rest];
}

/** Each `-C` is relative to the one before it; none means the working directory. */
function chainedDirs(dirs: readonly string[]): string[] {
  const out: string[] = [];
  for (const d of dirs) out.push(under(last(out) ?? ".", d));
  return out.length > 0 ? out : ["."];
}

/** tar and bsdtar: extraction writes a tree (all of `/` with -P); create/append writes the -f archive. */
const tarTargets: Targets = (inv) => {
  const p = parseArgs(tarArgs(inv.args), TAR);
  if (given(p, "x", "extract", "get")) {
    if (given(p, "O", "to-stdout", "to-command")) return [];
    if (given(p, "P", "absolute-names")) return [tree("/")];
    return chainedDirs(values(p, "C", "directory")).map(tree);
  }
  if (given(p, "c", "r", "u", "A", "create", "append", "update", "catenate", "concatenate")) return values(p, "f", "file").filter(notStdout).map(file);
  return [];
};

/** unzip: into -d DIR or the working directory, unless it only lists, tests or prints. */
const unzipTargets: Targets = (inv) => {
  const p = parseArgs(inv.args, { short: "dPx" });
  if (given(p, "l", "t", "v", "p", "c", "z", "Z")) return [];
  const dirs = values(p, "d");
  return (dirs.length > 0 ? dirs : ["."]).map(tree);
};

/** 7z x|e ARCHIVE -oDIR (the value is always attached); 7z a|u|d ARCHIVE writes the archive. */
const sevenZipTargets: Targets = (inv) => {
  const [command = "", ...rest] = inv.args;
  if (command === "x" || command === "e") {
    const dirs = rest.filter((a) => a.startsWith("-o")).map((a) => a.slice(2));
    return (dirs.length > 0 ? dirs : ["."]).map(tree);
  }
  const archive = rest.find((a) => !a.startsWith("-"));
  return /^[aud]$/.test(command) && archive !== undefined ? [file(archive)] : [];
};

const CPIO: OptionSpec = { short: "DFOIEHMRC", long: ["directory", "file", "format", "pattern-file", "message", "owner", "io-size", "rsh-command"] };

/** cpio -i into -D DIR or the working directory; -p into its directory operand; -o into -F/-O. */
const cpioTargets: Targets = (inv) => {
  const p = parseArgs(inv.args, CPIO);
  if (given(p, "i", "extract")) return given(p, "to-stdout") ? [] : chainedDirs(values(p, "D", "directory")).map(tree);
  if (given(p, "p", "pass-through")) return [tree(p.operands[0] ?? ".")];
  return given(p, "o", "create") ? values(p, "F", "O", "file").filter(notStdout).map(file) : [];
};

const COMPRESSED = /\.(?:t?gz|z|xz|txz|lzma|t?bz2|tbz|zst|tzst|lz4|lz|br)$/i;

/** gzip, xz, zstd, …: each file is replaced (compressed) or written without its suffix (decompressed). */
const packerTargets: Targets = (inv) => {
  const p = parseArgs(inv.args, { short: "SoTMFb", long: ["suffix", "output", "threads", "memlimit", "format"] });
  if (given(p, "c", "stdout", "to-stdout", "t", "test", "l", "list")) return [];
  const unpacked = (f: string): string => f.replace(COMPRESSED, (suffix) => (/^\.t(?:gz|bz2?|xz|zst)$/i.test(suffix) ? ".tar" : ""));
  const outputs = values(p, "o", "output").filter(notStdout).map(file);
  return [...outputs, ...p.operands.filter(notStdout).flatMap((f) => [file(f), file(unpacked(f))])];
};

/** The file name a URL is saved under (`…/a.tgz?x=1` → `a.tgz`). */
function urlName(url: string): string {
  const path = url.replace(/[?#].*$/, "").replace(/^[a-z]+:\/\/[^/]*/i, "");
  return path.split("/").pop() || "index.html";
}

const WGET: OptionSpec = {
  short: "oaeiBtOTwQPUlARDXI",
  long: [
    "output-document", "directory-prefix", "output-file", "append-output", "execute", "input-file", "base", "tries", "timeout",
    "wait", "quota", "user-agent", "level", "accept", "reject", "domains", "exclude-domains", "exclude-directories",
    "include-directories", "header", "user", "password", "http-user", "http-password", "post-data", "post-file", "body-data",
    "body-file", "method", "load-cookies", "save-cookies", "referer", "cut-dirs", "default-page",
  ],
};

/** wget: -O FILE, logs and cookies, else each URL's name in -P DIR (a whole tree when recursive). */
const wgetTargets: Targets = (inv) => {
  const p = parseArgs(inv.args, WGET);
  const dir = last(values(p, "P", "directory-prefix")) ?? ".";
  const out = values(p, "O", "output-document", "o", "output-file", "a", "append-output", "save-cookies").filter(notStdout).map(file);
  if (given(p, "r", "recursive", "m", "mirror", "p", "page-requisites", "content-disposition", "trust-server-names", "i", "input-file")) out.push(tree(dir));
  else if (!given(p, "O", "output-document")) out.push(...p.operands.map((url) => file(under(dir, urlName(url)))));
  return out;
};

const CURL: OptionSpec = {
  short: "AbcCdDeEFHKmoPQrtTuUwxXyYz",
  long: [
    "output", "output-dir", "cookie-jar", "dump-header", "trace", "trace-ascii", "stderr", "etag-save", "hsts", "alt-svc", "url",
    "data", "data-raw", "data-binary", "data-urlencode", "data-ascii", "form", "form-string", "header", "user", "user-agent",
    "request", "referer", "cookie", "max-time", "connect-timeout", "retry", "retry-delay", "retry-max-time", "proxy", "cacert",
    "capath", "cert", "key", "upload-file", "write-out", "range", "config", "resolve", "connect-to", "oauth2-bearer",
    "limit-rate", "max-filesize", "proto", "proto-redir", "interface", "dns-servers", "variable",
  ],
};

/** curl: -o FILE (under --output-dir), -O (the URL's name; -J lets the server choose), cookie jars, dumps and traces. */
const curlTargets: Targets = (inv) => {
  const p = parseArgs(inv.args, CURL);
  const dir = last(values(p, "output-dir")) ?? ".";
  const out = values(p, "o", "output").filter(notStdout).map((f) => file(under(dir, f)));
  if (given(p, "O", "remote-name", "remote-name-all")) {
    const urls = [...p.operands, ...values(p, "url")];
    out.push(...(given(p, "J", "remote-header-name") ? [tree(dir)] : urls.map((u) => file(under(dir, urlName(u))))));
  }
  const side = values(p, "c", "cookie-jar", "D", "dump-header", "trace", "trace-ascii", "stderr", "etag-save", "hsts", "alt-svc");
  return [...out, ...side.filter(notStdout).map(file)];
};

const CLONE: OptionSpec = {
  short: "bocuj",
  long: [
    "branch", "origin", "config", "upload-pack", "jobs", "depth", "template", "reference", "reference-if-able", "separate-git-dir",
    "shallow-since", "shallow-exclude", "filter", "server-option", "bundle-uri", "revision",
  ],
};

/** `git [-C DIR] clone URL [TARGET]`: the target, or the repository's name, made under -C. */
const gitTargets: Targets = (inv) => {
  const { sub, rest } = subcommand(inv, GIT_GLOBAL_VALUED);
  if (sub !== "clone") return [];
  const base = chainedDirs(inv.args.filter((a, i) => inv.args[i - 1] === "-C" && i < inv.args.indexOf(sub)));
  const p = parseArgs(rest.args, CLONE);
  const [url = "", target] = p.operands;
  const name = target ?? url.replace(/\/+$/, "").replace(/\.git$/, "").split(/[/:]/).pop() ?? "";
  return [file(under(last(base)!, name)), ...values(p, "separate-git-dir").map(file)];
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

/** Program name → where it writes. */
export const WRITE_COMMANDS: ReadonlyMap<string, Targets> = new Map<string, Targets>([
  ...["tee", "rm", "unlink", "rmdir", "shred", "truncate", "srm", "sponge"].map((n): [string, Targets] => [n, operandTargets]),
  ...["cp", "mv", "ln", "link", "install"].map((n): [string, Targets] => [n, copyTargets]),
  ["rsync", rsyncTargets],
  ["scp", scpTargets],
  ...["docker", "podman", "kubectl"].map((n): [string, Targets] => [n, containerCopyTargets]),
  ...["tar", "bsdtar", "gtar"].map((n): [string, Targets] => [n, tarTargets]),
  ["unzip", unzipTargets],
  ...["7z", "7za", "7zr", "7zz"].map((n): [string, Targets] => [n, sevenZipTargets]),
  ["cpio", cpioTargets],
  ...["gzip", "gunzip", "pigz", "unpigz", "xz", "unxz", "lzma", "unlzma", "bzip2", "bunzip2", "zstd", "unzstd", "lz4", "lzip", "brotli", "compress", "uncompress"].map((n): [string, Targets] => [n, packerTargets]),
  ["wget", wgetTargets],
  ["curl", curlTargets],
  ["git", gitTargets],
  ...["chmod", "chown", "chgrp", "lchown", "chattr", "chflags", "setfacl"].map((n): [string, Targets] => [n, permissionTargets]),
  ["ssh-keygen", sshKeygenTargets],
  ["patch", patchTargets],
  ...["ed", "ex", "vi", "vim", "nvim", "nano", "pico", "emacs", "micro", "joe"].map((n): [string, Targets] => [n, editorTargets]),
  ...["sqlite3", "sqlite"].map((n): [string, Targets] => [n, sqliteTargets]),
  ["sed", sedTargets],
  ["perl", (inv) => (flags(inv).short.has("i") ? operandTargets(inv) : [])],
  ["dd", (inv) => inv.args.filter((a) => a.startsWith("of=")).map((a) => file(a.slice(3)))],
  ["sort", byOption(SORT, "o", "output")],
  ["uniq", (inv) => parseArgs(inv.args, { short: "fsw" }).operands.slice(1, 2).map(file)],
  ...["gpg", "gpg2"].map((n): [string, Targets] => [n, byOption(GPG, "o", "output")]),
  ["openssl", byOption({ dashLong: ["out", "keyout"] }, "out", "keyout")],
]);
