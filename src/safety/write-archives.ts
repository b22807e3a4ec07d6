/**
 * Where archive and compression tools write: extraction writes a tree (under `-C`, `-d`,
 * `-oDIR`, `-D`, a directory operand, or the working directory), creation writes the archive,
 * and gzip-like tools replace each file or write it without its suffix.
 */
import { type OptionSpec, given, parseArgs, values } from "./options.js";
import { type Targets, chainedDirs, file, last, notStdout, rows, tree } from "./write-target.js";

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

/** `unrar x|e ARCHIVE [FILES] [DIR/]`: into the trailing directory (it ends with /) or the working directory. */
const unrarTargets: Targets = (inv) => {
  const [command = "", ...rest] = inv.args;
  if (!/^[xe]$/.test(command)) return [];
  const dest = last(rest.filter((a) => !a.startsWith("-")));
  return [tree(dest !== undefined && dest.endsWith("/") && rest.length > 1 ? dest : ".")];
};

/** `dpkg -x|--extract PKG DIR`, `dpkg-deb -x|-R PKG DIR`: into DIR. */
const debTargets: Targets = (inv) => {
  const ops = parseArgs(inv.args, {}).operands;
  return inv.args.some((a) => /^(?:-[xXR]|--(?:extract|vextract|raw-extract))$/.test(a)) && ops[1] !== undefined ? [tree(ops[1])] : [];
};

/** `jar xf`, `ar x`, `pax -r`: members land in the working directory (jar's --dir, ar's --output elsewhere). */
const cwdExtractTargets: Targets = (inv) => {
  const [first = ""] = inv.args;
  const extracting = inv.name === "pax" ? inv.args.includes("-r") : /^-?[a-zA-Z]*x/.test(first) || inv.args.includes("--extract");
  if (!extracting) return [];
  const p = parseArgs(inv.args.slice(1), { long: ["dir", "output"] });
  return [tree(last(values(p, "dir", "output")) ?? ".")];
};

/** `python -m zipfile -e ARCHIVE DIR`, `python -m tarfile -e ARCHIVE [DIR]`. */
const pythonArchiveTargets: Targets = (inv) => {
  const [flag, module = "", ...rest] = inv.args;
  if (flag !== "-m" || !/^(?:zipfile|tarfile)$/.test(module)) return [];
  const at = rest.findIndex((a) => a === "-e" || a === "--extract");
  return at === -1 ? [] : [tree(rest[at + 2] ?? ".")];
};

/** Archive and compression programs → where they write. */
export const ARCHIVE_WRITERS: ReadonlyArray<[string, Targets]> = [
  ...rows(["tar", "bsdtar", "gtar"], tarTargets),
  ["unzip", unzipTargets],
  ...rows(["7z", "7za", "7zr", "7zz"], sevenZipTargets),
  ["cpio", cpioTargets],
  ...rows(["gzip", "gunzip", "pigz", "unpigz", "xz", "unxz", "lzma", "unlzma", "bzip2", "bunzip2", "zstd", "unzstd", "lz4", "lzip", "brotli", "compress", "uncompress"], packerTargets),
  ...rows(["unrar", "rar"], unrarTargets),
  ...rows(["dpkg", "dpkg-deb"], debTargets),
  ...rows(["jar", "ar", "pax"], cwdExtractTargets),
  ["python", pythonArchiveTargets],
];
