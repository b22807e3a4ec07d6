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
  /** It destroys data held elsewhere (a database, a bucket, a remote repository): the sandbox cannot contain it. */
  remote?: true;
}

const recursive = (inv: Invocation): boolean => hasFlag(inv, "rR", ["recursive"]);
const critical = (inv: Invocation, env: SafetyEnv, paths = operands(inv)): boolean => paths.some((p) => mayBeCritical(p, { ...env, cwd: inv.cwd }));
/** Any operand that may be a disk, also one unknown from its first character (`mkfs.ext4 "$dev"`). */
const onDevice = (inv: Invocation, env: SafetyEnv, paths = operands(inv)): boolean =>
  paths.some((p) => p.startsWith("\u0000") || mayBeDevice(absolutePath(p, { ...env, cwd: inv.cwd }), true));
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
/** A test narrows only with a pattern that is not match-all (`-name '*'` deletes everything too). */
const findDeletesAll = (inv: Invocation): boolean => findDeletes(inv) && !inv.args.some((a, i) => FIND_FILTER.test(a) && !/^\*+$|^\.\*$/.test(inv.args[i + 1] ?? ""));

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

const SQL_DROP = /\bDROP\s+(?:TABLE|DATABASE|SCHEMA|INDEX|VIEW|USER|ROLE|COLLECTION|KEYSPACE)\b/i;
const SQL_TRUNCATE = /\bTRUNCATE\s+(?:TABLE\s+)?(?!-)["`\w]/i;
/** `DELETE FROM t` without a WHERE, `UPDATE t SET …` without one, `ALTER TABLE … DROP`. */
const SQL_WIPE = /\bDELETE\s+FROM\s+["`\w.]+\s*(?:;|$)|\bUPDATE\s+["`\w.]+\s+SET\b(?![^;]*\bWHERE\b)|\bALTER\s+TABLE\b[^;]*\bDROP\b|\bdropDatabase\s*\(|\.drop\s*\(|\bdeleteMany\s*\(\s*\{\s*\}|\bFLUSH(?:ALL|DB)\b/i;
/** Database clients: the SQL they are given (an argument, -c/-e, or a here-document) is what is judged, never other programs' words. */
const SQL_CLIENTS = ["psql", "mysql", "mariadb", "sqlite3", "sqlite", "duckdb", "clickhouse-client", "clickhouse", "cqlsh", "mongo", "mongosh", "redis-cli", "sqlcmd", "cockroach", "usql", "pgcli", "mycli", "litecli", "valkey-cli", "bq", "snowsql", "trino", "sqlplus"];
const sqlSays = (re: RegExp) => (inv: Invocation): boolean => inv.args.some((a) => re.test(a)) || inv.scripts.some((s) => re.test(s));

const cloudDeletes = (inv: Invocation): boolean => {
  const words = inv.args.filter((a) => !a.startsWith("-"));
  switch (inv.name) {
    case "aws":
      return (words[0] === "s3" && /^(?:rm|rb)$/.test(words[1] ?? "")) || (words[0] === "s3" && words[1] === "sync" && hasFlag(inv, "", ["delete"])) || words.slice(1, 3).some((w) => /^(?:delete|terminate|remove|purge|deregister)-|^rb$/.test(w));
    case "gsutil":
      return /^(?:rm|rb)$/.test(words[0] ?? "") || (words[0] === "rsync" && hasFlag(inv, "d"));
    case "gcloud":
    case "az":
    case "doctl":
    case "heroku":
    case "fly":
    case "flyctl":
    case "vercel":
    case "netlify":
    case "firebase":
      return words.some((w) => /^(?:delete|destroy|remove|rm|purge|apps:destroy|projects:delete|hosting:disable)$/.test(w));
    case "s3cmd":
    case "mc":
      return /^(?:del|rm|rb|purge)$/.test(words[0] ?? "");
    case "rclone":
      return /^(?:delete|deletefile|purge|rmdir|rmdirs|sync|move|moveto|cleanup)$/.test(words[0] ?? "");
    case "terraform":
    case "tofu":
    case "pulumi":
    case "cdk":
      return words[0] === "destroy" || (words[0] === "apply" && inv.args.some((a) => /^--?destroy$/.test(a))) || (inv.name === "pulumi" && words[0] === "stack" && words[1] === "rm");
    case "kubectl":
    case "oc":
      return /^(?:delete|drain|replace)$/.test(words[0] ?? "") || (words[0] === "scale" && inv.args.some((a) => /--replicas=0/.test(a)));
    case "helm":
      return /^(?:uninstall|delete|del|un)$/.test(words[0] ?? "");
    case "gh":
      return (/^(?:repo|release|secret|variable|cache|run|gist|label|project|ssh-key|gpg-key)$/.test(words[0] ?? "") && /^(?:delete|rm)$/.test(words[1] ?? "")) || (words[0] === "api" && inv.args.some((a) => /^(?:-X|--method)(?:=?DELETE)?$/.test(a) && (a.endsWith("DELETE") || inv.args[inv.args.indexOf(a) + 1] === "DELETE")));
    case "glab":
      return words.some((w) => w === "delete");
    case "dropdb":
    case "dropuser":
      return true;
    case "mysqladmin":
      return words.some((w) => w === "drop");
    default:
      return false;
  }
};
const CLOUD_CLIS = ["aws", "gsutil", "gcloud", "az", "doctl", "heroku", "fly", "flyctl", "vercel", "netlify", "firebase", "s3cmd", "mc", "rclone", "terraform", "tofu", "pulumi", "cdk", "kubectl", "oc", "helm", "gh", "glab", "dropdb", "dropuser", "mysqladmin"];

/** `npm i -g`, `yarn global add`, `pip install --user`, `cargo install`, `go install`, `gem install`, `pipx install`, `uv tool install`. */
function globalInstall(inv: Invocation): boolean {
  const words = inv.args.filter((a) => !a.startsWith("-"));
  switch (inv.name) {
    case "npm":
    case "pnpm":
    case "bun":
      return /^(?:i|install|add|in|isntall|link|ln|update|up|remove|rm|uninstall|un)$/.test(words[0] ?? "") && inv.args.some((a) => /^(?:-g|--global|--location=global)$/.test(a));
    case "yarn":
      return words[0] === "global";
    case "pip":
    case "pip3":
      return words[0] === "install" && inv.args.some((a) => a === "--user" || a.startsWith("--target") || a.startsWith("--prefix") || a === "--break-system-packages");
    case "cargo":
    case "gem":
    case "pipx":
      return words[0] === "install" || words[0] === "uninstall";
    case "go":
      return words[0] === "install";
    case "uv":
      return words[0] === "tool" && /^(?:install|uninstall)$/.test(words[1] ?? "");
    default:
      return false;
  }
}

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
  // `+w` without a who follows the umask (u+w as a rule), `g+w` is the group's: only others' write asks.
  { key: "chmod-777", verdict: "ask", reason: "making files world-writable (chmod 777, o+w, a+w)", commands: ["chmod"], test: (inv) => inv.args.some((a) => /^(?:0?[0-7]?[0-7][0-7][2367]|[ugo]*[ao][ugo]*[+=][rwxXst]*w[rwxXst]*|a=rwx)(?:,|$)/.test(a)) },
  { key: "chmod-recursive", verdict: "ask", reason: "recursive permission or ownership change", commands: ["chmod", "chown", "chgrp", "setfacl"], test: recursive },
  { key: "git-reset-hard", verdict: "ask", reason: "git reset --hard (uncommitted work is lost)", commands: ["git"], test: git("reset", (r) => hasFlag(r, "", ["hard", "merge", "keep"])) },
  { key: "git-push-force", verdict: "ask", remote: true, reason: "force-pushing or deleting a remote branch (remote history is lost)", commands: ["git"], test: git("push", (r) => hasFlag(r, "fd", ["force", "force-with-lease", "force-if-includes", "mirror", "delete", "prune"]) || r.args.some((a) => /^\+|^:/.test(a))) },
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
  { key: "systemctl-enable", verdict: "ask", reason: "enabling, linking or editing a service, or changing the service manager's environment (it runs at every start)", commands: ["systemctl", "launchctl"], test: (inv) => inv.args.some((a) => /^(?:enable|reenable|link|edit|preset|set-environment|import-environment|load|bootstrap|submit)$/.test(a)) },
  { key: "firewall-flush", verdict: "ask", reason: "flushing or disabling the firewall", commands: ["iptables", "ip6tables", "iptables-legacy", "iptables-nft", "nft", "ufw", "pfctl", "firewall-cmd"], test: (inv) => hasFlag(inv, "FXZ", ["flush", "delete-chain", "zero", "panic-on"]) || inv.args.some((a) => /^(?:flush|disable|reset|-d)$/.test(a)) || (inv.args.includes("-P") && inv.args.includes("DROP")) },
  { key: "kill-all", verdict: "ask", reason: "killing all processes, or many by name (kill -1, killall, pkill)", commands: ["kill", "killall", "killall5", "pkill", "skill", "slay"], test: (inv) => inv.name !== "kill" || inv.args.includes("-1") || inv.args.includes("0") },
  { key: "crontab-remove", verdict: "ask", reason: "removing the crontab (crontab -r)", commands: ["crontab"], test: (inv) => flags(inv).short.has("r") },
  { key: "crontab-install", verdict: "ask", reason: "installing a crontab (its commands run on a schedule, also after this session)", commands: ["crontab"], test: crontabInstall },
  { key: "shutdown", verdict: "ask", reason: "shutting down or rebooting the machine", commands: ["shutdown", "reboot", "halt", "poweroff", "init", "telinit", "systemctl", "kexec"], test: (inv) => !["init", "telinit", "systemctl"].includes(inv.name) || inv.args.some((a) => /^(?:[06]|reboot|poweroff|halt|kexec|suspend|hibernate|emergency|rescue)$/.test(a)) },
  { key: "user-admin", verdict: "ask", reason: "changing system users or passwords", commands: ["userdel", "deluser", "usermod", "passwd", "chpasswd", "visudo"], test: () => true },
  { key: "write-outside-project", verdict: "ask", reason: "installing into the user's or the system's directories (global or user installs)", commands: ["npm", "pnpm", "yarn", "pip", "pip3", "cargo", "go", "gem", "pipx", "uv", "bun"], test: globalInstall },
  { key: "sudo", verdict: "ask", reason: "running as another user (sudo, su, doas)", commands: ["*"], test: (inv) => inv.via.has("sudo") || inv.via.has("doas") || inv.name === "su" || inv.name === "pkexec" },
  { key: "sql-drop", verdict: "ask", remote: true, reason: "dropping a database table or database (SQL DROP)", commands: SQL_CLIENTS, test: sqlSays(SQL_DROP) },
  { key: "sql-truncate", verdict: "ask", remote: true, reason: "emptying a database table (SQL TRUNCATE)", commands: SQL_CLIENTS, test: sqlSays(SQL_TRUNCATE) },
  { key: "sql-wipe", verdict: "ask", remote: true, reason: "deleting or overwriting every row, a column or a whole store (DELETE/UPDATE without WHERE, FLUSHALL, drop())", commands: SQL_CLIENTS, test: sqlSays(SQL_WIPE) },
  { key: "remote-delete", verdict: "ask", remote: true, reason: "destroying data held elsewhere (a cloud bucket or resource, a cluster's objects, a remote repository, a database)", commands: CLOUD_CLIS, test: cloudDeletes },
];

/** The rules an invocation matches, in table order. */
export function matchRules(inv: Invocation, env: SafetyEnv): CommandRule[] {
  // mkfs.ext4, mkfs.xfs, … are all mkfs.
  const name = inv.name.startsWith("mkfs.") ? "mkfs" : inv.name;
  return COMMAND_RULES.filter((rule) => (rule.commands.includes("*") || rule.commands.includes(name)) && rule.test(inv, env));
}
