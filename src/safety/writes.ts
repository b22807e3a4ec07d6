/**
 * The files a command writes or deletes, read from its arguments (`tee f`, `cp a b`, `mv a b`,
 * `sed -i … f`, `dd of=f`, `rm f`, …), and the verdict on each target path.
 */
import { type Invocation, flags, hasFlag, isOpaque, operands } from "./argv.js";
import type { Finding } from "./commands.js";
import { absolutePath, isBlockDevice, protectedPathRule, type SafetyEnv } from "./paths.js";

const DELETING = new Set(["rm", "unlink", "rmdir", "shred", "truncate", "srm"]);
const COPYING = new Set(["cp", "install", "ln", "rsync", "link"]);

export function writeTargets(inv: Invocation): string[] {
  const ops = operands(inv);
  if (inv.name === "tee" || DELETING.has(inv.name) || inv.name === "mv") return ops;
  if (COPYING.has(inv.name)) {
    const target = inv.args.find((a, i) => inv.args[i - 1] === "-t" || a.startsWith("--target-directory="));
    if (target !== undefined) return [target.replace(/^--target-directory=/, "")];
    return ops.length >= 2 ? [ops[ops.length - 1]!] : [];
  }
  if (inv.name === "sed" && hasFlag(inv, "i", ["in-place"])) return hasFlag(inv, "ef", ["expression", "file"]) ? ops : ops.slice(1);
  if (/^perl/.test(inv.name) && flags(inv).short.has("i")) return ops;
  if (inv.name === "dd") return inv.args.filter((a) => a.startsWith("of=")).map((a) => a.slice(3));
  if (inv.name === "curl" || inv.name === "wget") return downloadTargets(inv);
  return [];
}

/** `curl -o FILE`, `curl --output=FILE`, `wget -O FILE`, `wget --output-document=FILE`. */
function downloadTargets(inv: Invocation): string[] {
  const flag = inv.name === "curl" ? /^(?:-o|--output)$/ : /^(?:-O|--output-document)$/;
  const long = inv.name === "curl" ? "--output=" : "--output-document=";
  return inv.args.flatMap((a, i) => (flag.test(a) ? [inv.args[i + 1] ?? ""] : a.startsWith(long) ? [a.slice(long.length)] : []));
}

/** A write onto a disk device is refused; a write to a protected path asks. */
export function judgeWriteTarget(path: string, env: SafetyEnv, cwd = env.cwd): Finding[] {
  if (isOpaque(path) || path === "") return [];
  const abs = absolutePath(path, { ...env, cwd });
  if (isBlockDevice(abs)) return [{ key: "overwrite-disk", reason: "writing onto a disk device", verdict: "refuse" }];
  const rule = protectedPathRule(abs, env);
  return rule === undefined ? [] : [{ ...rule, verdict: "ask" }];
}
