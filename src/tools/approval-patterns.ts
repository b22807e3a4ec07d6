/**
 * The command rules of the terminal tool, as data. HARDLINE rules are never run, whatever
 * the user allows; DANGEROUS rules run only after the user approves. To add a rule, append
 * a row: `key` is stable (a "session" approval is remembered per key), `reason` is what the
 * user reads. A guard against accidents, not a sandbox: a determined obfuscation gets past.
 *
 * Building blocks below keep the rows short; each is a regex source string.
 */

export interface CommandRule {
  pattern: RegExp;
  key: string;
  reason: string;
}

/** Not inside a word or a path: `rm`, `/bin/rm`, `\rm` count, `farm` and `x-rm` do not. */
const WORD_START = String.raw`(?<![\w.-])`;
/** Where a command word starts: line start, a separator, `$(`, `bash -c "`, or a prefix such as sudo/env/xargs. */
const COMMAND_START =
  String.raw`(?:^|[;&|\n({\x60]|\$\(|(?<![\w.-])(?:(?:ba|z|da|k)?sh|su)\s+(?:-\w+\s+)*-\w*c\s+["']?|` +
  String.raw`(?<![\w./-])(?:sudo|doas|exec|nohup|time|command|builtin|xargs|env|nice|eval|then|do|else)(?:\s+-\S+)*\s+["']?)` +
  String.raw`\s*(?:\w+=\S*\s+)*(?:[\w./-]*/)?`;
/** The end of a word: end of text, space, a separator or a closing quote. */
const WORD_END = String.raw`(?=$|[\s;&|)"'\x60])`;
/** The rest of one simple command (stops at ; & | and newlines). */
const ARGS = String.raw`[^;&|\n]*`;

/** Root directories whose recursive delete wrecks the system or the user's home. */
const SYSTEM_DIRS =
  "etc|usr|bin|sbin|boot|var|home|root|lib|lib32|lib64|libx32|opt|dev|proc|sys|srv|mnt|media|snap|run|" +
  "System|Library|Users|Applications|private";
const ROOT_TARGET =
  String.raw`["']?(?:` +
  String.raw`/+(?:\*|\.)?|` + // /  //  /*  /.
  String.raw`(?:~[\w.-]*|\$HOME|\$\{HOME\})/?\*?|` + // ~  ~/  ~/*  ~alice  $HOME  ${HOME}/*
  String.raw`/(?:${SYSTEM_DIRS})/?\*?|` + // /etc  /usr/  /var/*
  String.raw`/(?:home|Users)/[^/\s;&|"']+/?\*?` + // /home/alice
  String.raw`)["']?` +
  WORD_END;
const RECURSIVE_FLAG = String.raw`(?:-[a-zA-Z]*[rR][a-zA-Z]*|--recursive)` + WORD_END;
const RM = WORD_START + "rm(?=\\s)";
const DELETE_ACTION = String.raw`(?:-delete|-exec(?:dir)?\s+(?:[\w./-]*/)?rm)` + WORD_END;

/** Whole-disk block devices (Linux and macOS). */
const BLOCK_DEVICE = String.raw`["']?/dev/(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|r?disk\d|md\d|dm-\d|mapper/)`;

const HOME = String.raw`(?:~|\$HOME|\$\{HOME\}|/root|/home/[^/\s"']+|/Users/[^/\s"']+)`;
const PATH_REST = String.raw`[^\s;&|)"']*`;
const SSH_PATH = String.raw`["']?${HOME}/\.ssh(?:/${PATH_REST})?["']?` + WORD_END;
const ETC_PATH = String.raw`["']?/etc(?:/${PATH_REST})?["']?` + WORD_END;
const RC_PATH =
  String.raw`["']?${HOME}/\.(?:bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zshenv|zprofile|zlogin|zlogout|kshrc|cshrc|tcshrc|login|config/fish/config\.fish)["']?` +
  WORD_END;

function command(name: string): RegExp {
  return new RegExp(COMMAND_START + `(?:${name})` + WORD_END);
}

/** `rm` with a recursive flag (any order, any spelling) and, when given, a target matching `target`. */
function recursiveRm(target?: string): RegExp {
  const onTarget = target === undefined ? "" : `(?=${ARGS}\\s${target})`;
  return new RegExp(`${RM}(?=${ARGS}\\s${RECURSIVE_FLAG})${onTarget}`);
}

/** Writes onto `target`: redirects, tee, cp/mv/install/ln/rsync as the last argument, sed -i, dd of=. */
function writesTo(target: string): RegExp {
  const forms = [
    String.raw`>\|?\s*${target}`,
    String.raw`${WORD_START}tee\s(?:${ARGS}\s)?${target}`,
    String.raw`${WORD_START}(?:cp|mv|install|ln|rsync)\s${ARGS}\s${target}\s*(?=$|[;&|\n)])`,
    String.raw`${WORD_START}sed(?=${ARGS}\s(?:-[a-zA-Z]*i|--in-place))\s${ARGS}\s${target}`,
    String.raw`${WORD_START}dd\s${ARGS}\bof=${target}`,
  ];
  return new RegExp(forms.join("|"));
}

export const HARDLINE_PATTERNS: readonly CommandRule[] = [
  { pattern: recursiveRm(ROOT_TARGET), key: "delete-root", reason: "recursive delete of the filesystem root, a system directory or a home directory" },
  { pattern: new RegExp(`${WORD_START}cd\\s+${ROOT_TARGET}\\s*(?:&&|;|\\n)\\s*(?:sudo\\s+)?${RM}(?=${ARGS}\\s${RECURSIVE_FLAG})`), key: "delete-root", reason: "recursive delete inside the filesystem root, a system directory or a home directory" },
  { pattern: new RegExp(`${WORD_START}find\\s+(?:-\\S+\\s+)*${ROOT_TARGET}(?=${ARGS}\\s${DELETE_ACTION})`), key: "delete-root", reason: "deleting everything find finds under the filesystem root, a system directory or a home directory" },
  { pattern: new RegExp(`${WORD_START}(?:chmod|chown|chgrp)(?=${ARGS}\\s(?:-[a-zA-Z]*R|--recursive))${ARGS}\\s${ROOT_TARGET}`), key: "chmod-root", reason: "recursive permission or ownership change of the filesystem root, a system directory or a home directory" },
  { pattern: command(String.raw`mkfs(?:\.\w+)?|mke2fs`), key: "format-disk", reason: "formatting a filesystem" },
  { pattern: new RegExp(`${WORD_START}dd\\s${ARGS}\\bof=${BLOCK_DEVICE}`), key: "overwrite-disk", reason: "dd onto a disk device" },
  { pattern: new RegExp(`>\\|?\\s*${BLOCK_DEVICE}`), key: "overwrite-disk", reason: "redirecting output onto a disk device" },
  { pattern: new RegExp(`${WORD_START}(?:tee|shred|wipefs)\\s${ARGS}${BLOCK_DEVICE}`), key: "overwrite-disk", reason: "writing onto a disk device" },
  { pattern: new RegExp(`${WORD_START}(?:cp|mv)\\s${ARGS}\\s${BLOCK_DEVICE}\\S*\\s*(?=$|[;&|\\n)])`), key: "overwrite-disk", reason: "copying onto a disk device" },
  { pattern: /(?<![\w:.-])([\w:.-]+)\s*\(\s*\)\s*\{[^}]*?\1\s*[|&]\s*\1/, key: "fork-bomb", reason: "a fork bomb" },
  { pattern: /\bfunction\s+([\w:.-]+)\s*\{[^}]*?\1\s*[|&]\s*\1/, key: "fork-bomb", reason: "a fork bomb" },
  { pattern: /\bfork\s+while\s+fork\b|while\s*(?:True|1)\s*:\s*os\.fork\(\)/, key: "fork-bomb", reason: "a fork bomb" },
  { pattern: command(String.raw`kill(?:\s+-(?:s\s+)?\w+)*\s+(?:--\s+)?-1`), key: "kill-all", reason: "killing every process (kill -1)" },
  { pattern: command("shutdown|reboot|halt|poweroff"), key: "shutdown", reason: "shutting down or rebooting the machine" },
  { pattern: command(String.raw`(?:tel)?init\s+[06]`), key: "shutdown", reason: "shutting down or rebooting the machine" },
  { pattern: command(String.raw`systemctl(?:\s+-\S+)*\s+(?:reboot|poweroff|halt|kexec)`), key: "shutdown", reason: "shutting down or rebooting the machine" },
];

export const DANGEROUS_PATTERNS: readonly CommandRule[] = [
  { pattern: recursiveRm(), key: "recursive-delete", reason: "recursive delete (rm -r)" },
  { pattern: new RegExp(`${WORD_START}chmod\\s(?:${ARGS}\\s)?(?:0?777|a\\+rwx|ugo\\+rwx)${WORD_END}`), key: "chmod-777", reason: "making files world-writable (chmod 777)" },
  {
    pattern: new RegExp(
      `${WORD_START}(?:curl|wget)\\s[^;&\\n]*\\|\\s*(?:sudo\\s+(?:-\\S+\\s+)*)?(?:[\\w./-]*/)?(?:(?:ba|z|da|k|fi)?sh|python[\\d.]*|perl|ruby|node)${WORD_END}`,
    ),
    key: "pipe-to-shell",
    reason: "running a downloaded script (curl/wget piped to a shell)",
  },
  {
    pattern: new RegExp(`${WORD_START}(?:(?:ba|z|da|k)?sh|source|\\.|eval)\\s+(?:-c\\s+)?["']?(?:<\\(|\\$\\()\\s*(?:curl|wget)\\b`),
    key: "pipe-to-shell",
    reason: "running a downloaded script (curl/wget piped to a shell)",
  },
  { pattern: writesTo(SSH_PATH), key: "write-ssh", reason: "writing into ~/.ssh" },
  { pattern: writesTo(ETC_PATH), key: "write-etc", reason: "writing into /etc" },
  { pattern: writesTo(RC_PATH), key: "write-shell-rc", reason: "changing a shell startup file" },
  {
    pattern: new RegExp(`${WORD_START}find\\s${ARGS}\\s${DELETE_ACTION}`),
    key: "find-delete",
    reason: "deleting files found by find",
  },
  { pattern: /\bDROP\s+(?:TABLE|DATABASE|SCHEMA)\b/i, key: "sql-drop", reason: "dropping a database table or database (SQL DROP)" },
  { pattern: /\bTRUNCATE\s+(?:TABLE\s+)?(?!-)["`\w]/i, key: "sql-truncate", reason: "emptying a database table (SQL TRUNCATE)" },
];
