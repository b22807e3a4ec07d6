/**
 * The command rules, as data: one row per rule, with the programs it looks at, a test on the
 * peeled invocation (see argv.ts), a stable key (a "session" approval is remembered per key)
 * and the reason the user reads. `refuse` rows are the catastrophic ones: never run, whatever
 * the user allows. `ask` rows run after approval. Rows are checked in order, and prompts
 * follow this order.
 */
import { GIT_GLOBAL_VALUED, type Invocation, flags, hasFlag, isOpaque, operands, subcommand } from "./argv.js";
import { awsConfigWrite, crontabInstall, goEnvWrite, npmUserConfigWrite, pipUserConfigWrite, poetryUserConfigWrite, yarnUserConfigWrite } from "./config-commands.js";
import { absolutePath, type SafetyEnv } from "./paths.js";
import { mayBeCritical, mayBeDevice } from "./targets.js";

export type Verdict = "allow" | "ask" | "refuse";

export interface CommandRule {
  key: string;
  reason: string;
  verdict: "ask" | "refuse";
  /** Program names (base names) the rule applies to; `*` for every program. */
  commands: readonly string[];
  test: (inv: Invocation, env: SafetyEnv) => boolean;
}

const recursive = (inv: Invocation): boolean => hasFlag(inv, "rR", ["recursive"]);
const critical = (inv: Invocation, env: SafetyEnv, paths = operands(inv)): boolean => paths.some((p) => mayBeCritical(p, { ...env, cwd: inv.cwd }));
/** Any operand that may be a disk, also one unknown from its first character (`mkfs.ext4 "$dev"`). */
const onDevice = (inv: Invocation, env: SafetyEnv, paths = operands(inv)): boolean => paths.some((p) => mayBeDevice(absolutePath(p, { ...env, cwd: inv.cwd }), true));
const ddOutput = (inv: Invocation): string | undefined => inv.args.find((a) => a.startsWith("of="))?.slice(3);

/** `find` start paths: the operands before the first expression. */
function findRoots(inv: Invocation): string[] {
  const roots: string[] = [];
  for (const arg of inv.args) {
    if (/^[-(!]/.test(arg) && arg !== "-") break;
    roots.push(arg);
  }
  return roots.length > 0 ? roots : ["."];
}

/** Tests that narrow what find deletes; without one, it deletes everything under its roots. */
const FIND_FILTER = /^-(?:i?name|i?path|i?wholename|i?regex|i?lname|newer\w*|[acm](?:time|min)|size|user|group|perm|empty|inum|samefile|links|uid|gid)$/;
const findDeletesAll = (inv: Invocation): boolean => findDeletes(inv) && !inv.args.some((a) => FIND_FILTER.test(a));

const DELETERS = new Set(["rm", "unlink", "rmdir", "shred", "srm"]);
/** `find … -delete` or `-exec rm …`; the `-exec` commands are judged on their own too. */
function findDeletes(inv: Invocation): boolean {
  return inv.args.some((a, i) => a === "-delete" || (/^-(?:exec|execdir|ok|okdir)$/.test(a) && DELETERS.has((inv.args[i + 1] ?? "").split("/").pop()!)));
}

function git(sub: string, test: (rest: Invocation) => boolean): (inv: Invocation) => boolean {
  return (inv) => {
    const parsed = subcommand(inv, GIT_GLOBAL_VALUED);
    return parsed.sub === sub && test(parsed.rest);
  };
}

/** git settings that make git run a command. */
const GIT_EXEC_KEY = /^(?:core\.(?:hookspath|fsmonitor|sshcommand|pager|editor|askpass|gitproxy)|alias\..*|.*\.(?:command|textconv|helper|program|clean|smudge|process)|credential\..*|include\.path|includeif\..*|sequence\.editor|gpg\.program)$/i;
/** `git config KEY VALUE` (a write), not `--get`/`--list`. */
function gitConfigWrite(r: Invocation): string | undefined {
  if (hasFlag(r, "l", ["list", "get", "get-all", "get-regexp", "get-urlmatch", "show-origin"])) return undefined;
  const ops = operands(r).filter((o) => o !== "set" && o !== "unset");
  return ops.length >= 2 || hasFlag(r, "", ["unset", "unset-all", "add", "replace-all", "edit", "remove-section", "rename-section"]) || r.args[0] === "set" ? ops[0] ?? "" : undefined;
}

type GitTest = (rest: Invocation) => boolean;

/** Whether the subcommand is in `tests` and its test passes. */
function gitAny(tests: Record<string, GitTest>): (inv: Invocation) => boolean {
  return (inv) => {
    const { sub, rest } = subcommand(inv, GIT_GLOBAL_VALUED);
    return Object.hasOwn(tests, sub) && tests[sub]!(rest);
  };
}

const firstIs = (...words: string[]): GitTest => (r) => words.includes(r.args[0] ?? "");
const DISCARDS: Record<string, GitTest> = {
  checkout: (r) => r.args.includes("--") || r.args.includes(".") || hasFlag(r, "f", ["force"]),
  restore: (r) => !hasFlag(r, "S", ["staged"]) || hasFlag(r, "W", ["worktree"]),
  switch: (r) => hasFlag(r, "f", ["force", "discard-changes"]),
};
const HISTORY_LOSS: Record<string, GitTest> = {
  "filter-branch": () => true,
  "filter-repo": () => true,
  replace: () => true,
  stash: firstIs("drop", "clear"),
  reflog: firstIs("expire", "delete"),
  gc: (r) => r.args.some((a) => a.startsWith("--prune")),
  "update-ref": (r) => hasFlag(r, "d"),
};

const SQL_DROP = /\bDROP\s+(?:TABLE|DATABASE|SCHEMA)\b/i;
const SQL_TRUNCATE = /\bTRUNCATE\s+(?:TABLE\s+)?(?!-)["`\w]/i;

export const COMMAND_RULES: readonly CommandRule[] = [
  // Catastrophic: refused outright.
  { key: "delete-root", verdict: "refuse", reason: "recursive delete of the filesystem root, a system directory or a home directory", commands: ["rm"], test: (inv, env) => recursive(inv) && critical(inv, env) },
  { key: "delete-root", verdict: "refuse", reason: "deleting everything find finds under the filesystem root, a system directory or a home directory", commands: ["find"], test: (inv, env) => findDeletesAll(inv) && critical(inv, env, findRoots(inv)) },
  { key: "chmod-root", verdict: "refuse", reason: "recursive permission or ownership change of the filesystem root, a system directory or a home directory", commands: ["chmod", "chown", "chgrp"], test: (inv, env) => recursive(inv) && critical(inv, env) },
  { key: "format-disk", verdict: "refuse", reason: "formatting or wiping a disk device", commands: ["mkfs", "mke2fs", "mkswap", "wipefs", "blkdiscard", "shred", "mkdosfs", "newfs"], test: onDevice },
  { key: "format-disk", verdict: "refuse", reason: "erasing a disk's partition table", commands: ["sgdisk", "gdisk", "sfdisk"], test: (inv, env) => hasFlag(inv, "Zo", ["zap-all", "clear", "delete"]) && onDevice(inv, env) },
  { key: "overwrite-disk", verdict: "refuse", reason: "dd onto a disk device", commands: ["dd"], test: (inv, env) => ddOutput(inv) !== undefined && onDevice(inv, env, [ddOutput(inv)!]) },
  { key: "overwrite-disk", verdict: "refuse", reason: "copying onto a disk device", commands: ["cp", "mv", "tee", "install"], test: (inv, env) => onDevice(inv, env, operands(inv).slice(inv.name === "tee" ? 0 : 1).filter((p) => !p.startsWith("\u0000"))) },
  // Dangerous: asked.
  { key: "recursive-delete", verdict: "ask", reason: "recursive delete (rm -r)", commands: ["rm"], test: recursive },
  { key: "delete-many", verdict: "ask", reason: "deleting the files another command lists (xargs rm)", commands: [...DELETERS], test: (inv) => inv.via.has("xargs") },
  { key: "find-delete", verdict: "ask", reason: "deleting files found by find", commands: ["find"], test: findDeletes },
  { key: "chmod-777", verdict: "ask", reason: "making files world-writable (chmod 777)", commands: ["chmod"], test: (inv) => inv.args.some((a) => /^(?:0?[0-7]?777|[augo]*\+[rwxX]*w[rwxX]*|a=rwx)$/.test(a) && !/^u\+/.test(a)) },
  { key: "chmod-recursive", verdict: "ask", reason: "recursive permission or ownership change", commands: ["chmod", "chown", "chgrp", "setfacl"], test: recursive },
  { key: "git-reset-hard", verdict: "ask", reason: "git reset --hard (uncommitted work is lost)", commands: ["git"], test: git("reset", (r) => hasFlag(r, "", ["hard", "merge", "keep"])) },
  { key: "git-push-force", verdict: "ask", reason: "force-pushing or deleting a remote branch (remote history is lost)", commands: ["git"], test: git("push", (r) => hasFlag(r, "fd", ["force", "force-with-lease", "force-if-includes", "mirror", "delete", "prune"]) || r.args.some((a) => /^\+|^:/.test(a))) },
  { key: "git-clean", verdict: "ask", reason: "git clean -f (untracked files are deleted)", commands: ["git"], test: git("clean", (r) => hasFlag(r, "fx", ["force"])) },
  { key: "git-discard", verdict: "ask", reason: "discarding uncommitted changes (git checkout/restore of paths)", commands: ["git"], test: gitAny(DISCARDS) },
  { key: "git-branch-delete", verdict: "ask", reason: "force-deleting a git branch (git branch -D)", commands: ["git"], test: git("branch", (r) => hasFlag(r, "D") || (hasFlag(r, "d", ["delete"]) && hasFlag(r, "f", ["force"]))) },
  { key: "git-history", verdict: "ask", reason: "rewriting or expiring git history", commands: ["git"], test: gitAny(HISTORY_LOSS) },
  { key: "write-tool-config", verdict: "ask", reason: "changing the global or system git configuration (~/.gitconfig)", commands: ["git"], test: git("config", (r) => hasFlag(r, "", ["global", "system", "file"]) && gitConfigWrite(r) !== undefined) },
  { key: "write-tool-config", verdict: "ask", reason: "changing the user's npm or pnpm configuration (~/.npmrc: registry, tokens, scripts)", commands: ["npm", "pnpm"], test: npmUserConfigWrite },
  { key: "write-tool-config", verdict: "ask", reason: "changing the user's Yarn configuration (~/.yarnrc: registry, tokens)", commands: ["yarn"], test: yarnUserConfigWrite },
  { key: "write-key-dir", verdict: "ask", reason: "changing the user's pip configuration (~/.config/pip: index URL, trusted hosts)", commands: ["pip", "pip3", "python", "python3"], test: pipUserConfigWrite },
  { key: "write-key-dir", verdict: "ask", reason: "changing the user's Poetry configuration (~/.config/pypoetry: repositories, credentials)", commands: ["poetry"], test: poetryUserConfigWrite },
  { key: "write-key-dir", verdict: "ask", reason: "changing the AWS configuration or credentials (~/.aws)", commands: ["aws"], test: awsConfigWrite },
  { key: "write-key-dir", verdict: "ask", reason: "changing the user's Go environment (~/.config/go/env: GOPROXY, GOFLAGS)", commands: ["go"], test: goEnvWrite },
  { key: "write-git-hooks", verdict: "ask", reason: "setting a git option that runs a command (hooks path, alias, fsmonitor, ssh command, …)", commands: ["git"], test: git("config", (r) => GIT_EXEC_KEY.test(gitConfigWrite(r) ?? "")) },
  { key: "truncate", verdict: "ask", reason: "truncating files (truncate)", commands: ["truncate"], test: () => true },
  { key: "shred", verdict: "ask", reason: "shredding files (shred)", commands: ["shred", "srm", "wipe"], test: () => true },
  { key: "dd-write", verdict: "ask", reason: "dd writing to a file (of=)", commands: ["dd"], test: (inv) => ddOutput(inv) !== undefined },
  { key: "format-disk", verdict: "ask", reason: "creating a filesystem or swap area, or wiping signatures", commands: ["mkfs", "mke2fs", "mkswap", "wipefs", "blkdiscard", "mkdosfs", "newfs"], test: () => true },
  { key: "partition-table", verdict: "ask", reason: "changing a partition table", commands: ["sgdisk", "gdisk", "fdisk", "sfdisk", "cfdisk", "parted", "partprobe", "diskutil"], test: () => true },
  { key: "move-system-dir", verdict: "ask", reason: "moving or renaming the home, the filesystem root or a system directory", commands: ["mv"], test: (inv, env) => critical(inv, env, operands(inv).slice(0, -1)) },
  { key: "systemctl-stop", verdict: "ask", reason: "stopping, disabling or masking a system service", commands: ["systemctl", "service", "launchctl"], test: (inv) => inv.args.some((a) => /^(?:stop|disable|mask|kill|isolate|unload|bootout|remove)$/.test(a)) },
  { key: "firewall-flush", verdict: "ask", reason: "flushing or disabling the firewall", commands: ["iptables", "ip6tables", "iptables-legacy", "iptables-nft", "nft", "ufw", "pfctl", "firewall-cmd"], test: (inv) => hasFlag(inv, "FXZ", ["flush", "delete-chain", "zero", "panic-on"]) || inv.args.some((a) => /^(?:flush|disable|reset|-d)$/.test(a)) || (inv.args.includes("-P") && inv.args.includes("DROP")) },
  { key: "kill-all", verdict: "ask", reason: "killing all processes, or many by name (kill -1, killall, pkill)", commands: ["kill", "killall", "killall5", "pkill", "skill", "slay"], test: (inv) => inv.name !== "kill" || inv.args.includes("-1") || inv.args.includes("0") },
  { key: "crontab-remove", verdict: "ask", reason: "removing the crontab (crontab -r)", commands: ["crontab"], test: (inv) => flags(inv).short.has("r") },
  { key: "crontab-install", verdict: "ask", reason: "installing a crontab (its commands run on a schedule, also after this session)", commands: ["crontab"], test: crontabInstall },
  { key: "shutdown", verdict: "ask", reason: "shutting down or rebooting the machine", commands: ["shutdown", "reboot", "halt", "poweroff", "init", "telinit", "systemctl", "kexec"], test: (inv) => !["init", "telinit", "systemctl"].includes(inv.name) || inv.args.some((a) => /^(?:[06]|reboot|poweroff|halt|kexec|suspend|hibernate|emergency|rescue)$/.test(a)) },
  { key: "user-admin", verdict: "ask", reason: "changing system users or passwords", commands: ["userdel", "deluser", "usermod", "passwd", "chpasswd", "visudo"], test: () => true },
  { key: "sudo", verdict: "ask", reason: "running as another user (sudo, su, doas)", commands: ["*"], test: (inv) => inv.via.has("sudo") || inv.via.has("doas") || inv.name === "su" || inv.name === "pkexec" },
  { key: "sql-drop", verdict: "ask", reason: "dropping a database table or database (SQL DROP)", commands: ["*"], test: (inv) => inv.args.some((a) => SQL_DROP.test(a)) },
  { key: "sql-truncate", verdict: "ask", reason: "emptying a database table (SQL TRUNCATE)", commands: ["*"], test: (inv) => inv.args.some((a) => SQL_TRUNCATE.test(a)) },
];

/** The rules an invocation matches, in table order. */
export function matchRules(inv: Invocation, env: SafetyEnv): CommandRule[] {
  // mkfs.ext4, mkfs.xfs, … are all mkfs.
  const name = inv.name.startsWith("mkfs.") ? "mkfs" : inv.name;
  return COMMAND_RULES.filter((rule) => (rule.commands.includes("*") || rule.commands.includes(name)) && rule.test(inv, env));
}
