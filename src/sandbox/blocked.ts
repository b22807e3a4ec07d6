/**
 * The one line a blocked command comes back with: what the sandbox stopped (a write to a
 * read-only path, a protected path created and quarantined, a read under a hidden path, a host
 * the proxy refused) and how to allow it.
 */
import { homedir } from "node:os";
import { join } from "node:path";
import type { Quarantined } from "./guard-check.js";
import { within } from "./policy.js";

export interface BlockedInput {
  command: string;
  output: string;
  quarantined: readonly Quarantined[];
  deniedHosts: readonly string[];
  hidden: readonly string[];
  /** Part of the writable area was not checked for repositories the command made (too large). */
  unchecked?: string;
  /** The command had no network at all (socat missing). */
  noNetwork?: boolean;
}

const WRITE_DENIED = /read-only file system|\bEROFS\b|device or resource busy|\bEBUSY\b/i;
/** `touch: cannot touch '/x': Read-only file system`, `bash: .git/hooks/x: Read-only file system`. */
const DENIED_PATH = /([^\s'"‘’`:]+)['"’`]?: (?:read-only file system|device or resource busy)/i;
/** `[Errno 30] Read-only file system: '/x'`, `EROFS: read-only file system, open '/x'`. */
const QUOTED_PATH = /['"‘`]([^'"’`\n]+)['"’`]/;
const PATH_TOKEN = /(?:~\/|\/)[^\s'"‘’`:,;)]+/g;
const NETWORK_FAILED = /could not resolve host|name or service not known|temporary failure in name resolution|network is unreachable|getaddrinfo/i;
const READ_FAILED = /no such file|not found|cannot|can't|permission denied|not permitted|\bENOENT\b|\bEACCES\b|errno/i;
const MAX_ITEMS = 4;

export function blockedLine(input: BlockedInput): string | undefined {
  const parts: string[] = [];
  const fixes = new Set<string>();
  const written = writeDenials(input.output);
  if (written.length > 0) {
    parts.push(`writing ${list(written)} (read-only in the sandbox)`);
    fixes.add("add the directory to sandbox.writable in config.yaml");
  }
  if (input.quarantined.length > 0) {
    parts.push(`creating ${list(input.quarantined.map((q) => q.path))} (protected: runs code outside the sandbox; moved to ${display(dirOf(input.quarantined[0]!.movedTo))})`);
  }
  const errorLines = input.output.split("\n").filter((line) => READ_FAILED.test(line));
  const reads = hiddenMentions([input.command, ...errorLines].join("\n"), input.hidden);
  if (reads.length > 0) parts.push(`reading ${list(reads)} (hidden by the sandbox)`);
  if (input.deniedHosts.length > 0) {
    parts.push(`connecting to ${list([...input.deniedHosts])} (not in the network allow list)`);
    fixes.add("add host:port to sandbox.network.allow in config.yaml");
  } else if (input.noNetwork === true && NETWORK_FAILED.test(input.output)) {
    parts.push("the network (socat is not installed, so the sandbox has none)");
    fixes.add("install socat");
  }
  const unchecked = input.unchecked === undefined ? "" : ` Not checked: ${input.unchecked}; look there before running git.`;
  if (parts.length === 0) return unchecked === "" ? undefined : `Sandbox:${unchecked}`;
  fixes.add('rerun with escalate: "<why it must run outside the sandbox>" (the user must approve)');
  return `Sandbox blocked ${parts.join("; ")}. To allow: ${[...fixes].join(", or ")}.${unchecked}`;
}

function writeDenials(output: string): string[] {
  const paths = new Set<string>();
  for (const line of output.split("\n")) {
    if (!WRITE_DENIED.test(line)) continue;
    const named = DENIED_PATH.exec(line)?.[1];
    // "EROFS: read-only file system, open '/x'": the word before is the code, the path is quoted.
    const path = named !== undefined && /[/.]/.test(named) ? named : QUOTED_PATH.exec(line)?.[1];
    if (path !== undefined && path.length > 1) paths.add(path);
  }
  return [...paths];
}

function hiddenMentions(text: string, hidden: readonly string[]): string[] {
  const home = homedir();
  const hits = new Set<string>();
  for (const token of text.replace(/\$\{?HOME\}?/g, "~").match(PATH_TOKEN) ?? []) {
    const path = token.startsWith("~/") ? join(home, token.slice(2)) : token;
    const root = hidden.find((h) => within(path, h));
    if (root !== undefined) hits.add(display(root));
  }
  return [...hits];
}

function list(items: readonly string[]): string {
  const shown = items.slice(0, MAX_ITEMS).map(display);
  return items.length > MAX_ITEMS ? `${shown.join(", ")} and ${items.length - MAX_ITEMS} more` : shown.join(", ");
}

function display(path: string): string {
  const home = homedir();
  return within(path, home) && path !== "/" ? `~${path.slice(home.length)}` : path;
}

function dirOf(path: string): string {
  return path.slice(0, path.lastIndexOf("/"));
}
