/**
 * The macOS `sandbox-exec` profile for one command: reads allowed except the hidden paths,
 * writes only to the writable roots and the private temp dir (minus the guarded paths), and
 * network only to the local proxy's port. In SBPL the last matching rule wins, so the
 * exceptions follow the rules they narrow.
 */
import type { SandboxPolicy } from "./policy.js";

export interface SeatbeltPlan {
  policy: SandboxPolicy;
  tmpDir: string;
  /** The proxy's TCP port on 127.0.0.1; absent = no network. */
  proxyPort?: number;
}

export function seatbeltProfile(plan: SeatbeltPlan): string {
  const { policy } = plan;
  const lines = [
    "(version 1)",
    "(allow default)",
    // Writes: nowhere, then the writable roots and temp dirs, then not the guarded paths.
    "(deny file-write*)",
    `(allow file-write* ${[...policy.writable, plan.tmpDir].map(subpath).join(" ")} (literal "/dev/null") (literal "/dev/tty") (regex #"^/dev/fd/"))`,
  ];
  if (policy.guarded.length > 0) lines.push(`(deny file-write* ${policy.guarded.map((g) => subpath(g.path)).join(" ")})`);
  if (policy.hidden.length > 0) lines.push(`(deny file-read* file-write* ${policy.hidden.map(subpath).join(" ")})`);
  lines.push("(deny network*)");
  if (plan.proxyPort !== undefined) lines.push(`(allow network-outbound (remote ip "localhost:${plan.proxyPort}"))`);
  // No DNS either (the resolver's socket is network-outbound too): the proxy resolves allowed names.
  return `${lines.join("\n")}\n`;
}

function subpath(path: string): string {
  return `(subpath ${quote(path)})`;
}

/** An SBPL string literal: backslashes and quotes escaped, so a path cannot end the rule. */
export function quote(text: string): string {
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}
