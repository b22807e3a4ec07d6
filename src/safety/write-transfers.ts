/**
 * Where copying and downloading programs write: a copy's destination and DEST/NAME for each
 * source (or all of DEST for a directory's contents), a remote or container destination not at
 * all; a download's output file, or the URL's name in its directory.
 */
import { join } from "node:path";
import { type OptionSpec, given, parseArgs, values } from "./options.js";
import { type Targets, type WriteTarget, file, last, notStdout, rows, tree, under } from "./write-target.js";

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
  const movedAway = (sources: readonly string[]): WriteTarget[] => (inv.name === "mv" ? sources.map(file) : []);
  if (inv.name === "install" && given(p, "d", "directory")) return ops.map(file);
  const dir = last(values(p, "t", "target-directory"));
  if (dir !== undefined) return [...copyInto(dir, ops, CP_CONTENTS), ...movedAway(ops)];
  if (ops.length === 1 && inv.name === "ln") return copyInto(".", ops, CP_CONTENTS);
  const dest = last(ops);
  const sources = ops.slice(0, -1);
  if (ops.length < 2 || dest === undefined) return movedAway(ops);
  if (given(p, "T", "no-target-directory")) return [given(p, "r", "R", "a", "recursive", "archive") ? tree(dest) : file(dest), ...movedAway(sources)];
  return [...copyInto(dest, sources, CP_CONTENTS), ...movedAway(sources)];
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

/** `aria2c -d DIR -o NAME URL`: NAME in DIR, or any file in DIR when the name comes from the server. */
const aria2Targets: Targets = (inv) => {
  const p = parseArgs(inv.args, { short: "doilxsjU", long: ["dir", "out", "input-file", "log"] });
  const dir = last(values(p, "d", "dir")) ?? ".";
  const names = values(p, "o", "out");
  return [...(names.length > 0 ? names.map((n) => file(under(dir, n))) : [tree(dir)]), ...values(p, "l", "log").filter(notStdout).map(file)];
};

/** httpie and xh: `-o FILE`/`--output FILE`, and the URL's name with `--download`. */
const httpieTargets: Targets = (inv) => {
  const p = parseArgs(inv.args, { short: "oaA", long: ["output", "auth", "auth-type", "session", "session-read-only"] });
  const out = values(p, "o", "output").filter(notStdout).map(file);
  const url = p.operands.find((o) => /^(?:https?:\/\/|:\d|localhost|[\w-]+\.[\w.-]+)/.test(o));
  return out.length === 0 && given(p, "d", "download") && url !== undefined ? [file(urlName(url))] : out;
};

/** Object stores: `rclone copy|sync|move SRC DEST`, `aws s3 cp|mv|sync`, `gsutil cp|mv|rsync`, `gcloud storage cp`. */
const CLOUD_REMOTE = /^[\w-]+:|^[a-z0-9]+:\/\//i;
const cloudCopyTargets: Targets = (inv) => {
  // Short options differ between these tools; the verb is found among the operands and the paths follow it.
  const ops = parseArgs(inv.args, { long: ["config", "profile", "region", "exclude", "include", "filter", "endpoint-url"] }).operands;
  const at = ops.findIndex((o) => /^(?:copy|copyto|sync|move|moveto|cp|mv|rsync)$/.test(o));
  const [verb = "", ...paths] = at === -1 ? [] : ops.slice(at);
  const dest = last(paths);
  if (paths.length < 2 || dest === undefined || CLOUD_REMOTE.test(dest)) return [];
  if (/^(?:copy|sync|move|rsync)$/.test(verb) || inv.args.includes("--recursive") || inv.args.includes("-r")) return [tree(dest)];
  return copyInto(dest, paths.slice(0, -1), CP_CONTENTS);
};

/** macOS `ditto SRC… DEST` copies directories' contents into DEST. */
const dittoTargets: Targets = (inv) => {
  const ops = parseArgs(inv.args, { long: ["arch", "bom"] }).operands;
  const dest = last(ops);
  return ops.length >= 2 && dest !== undefined ? [tree(dest)] : [];
};

/** Copying and downloading programs → where they write. */
export const TRANSFER_WRITERS: ReadonlyArray<[string, Targets]> = [
  ...rows(["cp", "mv", "ln", "link", "install"], copyTargets),
  ["rsync", rsyncTargets],
  ["scp", scpTargets],
  ...rows(["docker", "podman", "kubectl"], containerCopyTargets),
  ["wget", wgetTargets],
  ["curl", curlTargets],
  ["aria2c", aria2Targets],
  ...rows(["http", "https", "xh", "xhs"], httpieTargets),
  ...rows(["rclone", "aws", "gsutil", "gcloud"], cloudCopyTargets),
  ["ditto", dittoTargets],
];
