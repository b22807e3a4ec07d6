/**
 * Commands that write a tool's user or system configuration without naming the file:
 * `npm config set` (~/.npmrc), `yarn config set` (~/.yarnrc), `pip config set`
 * (~/.config/pip), `poetry config`, `aws configure`, `go env -w`, and `crontab FILE`. A
 * registry or token set there redirects every later install; a crontab runs on a schedule.
 * Project-level forms (`--location project`, `--local`, `--site`, a Yarn 2+ project) stay allowed.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { type Invocation, hasFlag, operands } from "./argv.js";

const WRITES = new Set(["set", "delete", "rm", "unset", "edit", "fix"]);

/** The value given to `--name VALUE` or `--name=VALUE`. */
function optionValue(inv: Invocation, ...names: string[]): string | undefined {
  for (const [i, arg] of inv.args.entries()) {
    for (const name of names) {
      if (arg === name) return inv.args[i + 1];
      if (arg.startsWith(`${name}=`)) return arg.slice(name.length + 1);
    }
  }
  return undefined;
}

/** `npm config set …`, `npm c delete …`, `npm set …`, `pnpm config set …`, outside the project. */
export function npmUserConfigWrite(inv: Invocation): boolean {
  const [first, second = ""] = operands(inv);
  const writes = first === "set" || ((first === "config" || first === "c") && WRITES.has(second));
  return writes && optionValue(inv, "--location", "-L") !== "project";
}

/** `yarn config set|unset|delete`: ~/.yarnrc for Yarn 1; the project's .yarnrc.yml for Yarn 2+ unless -H. */
export function yarnUserConfigWrite(inv: Invocation): boolean {
  const [first, second = ""] = operands(inv);
  if (first !== "config" || !WRITES.has(second)) return false;
  return hasFlag(inv, "H", ["home"]) || !existsSync(join(inv.cwd, ".yarnrc.yml"));
}

/** `pip config set|unset|edit` (also `python -m pip …`) outside the virtual environment (--site). */
export function pipUserConfigWrite(inv: Invocation): boolean {
  const args = inv.name.startsWith("pip") ? inv.args : inv.args[0] === "-m" && /^pip[\d.]*$/.test(inv.args[1] ?? "") ? inv.args.slice(2) : [];
  const rest: Invocation = { ...inv, args };
  const [first, second = ""] = operands(rest);
  return first === "config" && WRITES.has(second) && !hasFlag(rest, "", ["site"]);
}

/** `poetry config KEY VALUE` or `--unset`, not `--local`, `--list` or a read of one key. */
export function poetryUserConfigWrite(inv: Invocation): boolean {
  const ops = operands(inv);
  return ops[0] === "config" && (ops.length >= 3 || hasFlag(inv, "", ["unset"])) && !hasFlag(inv, "", ["local", "list"]);
}

const AWS_READS = new Set(["get", "list", "list-profiles", "export-credentials"]);

/** `aws configure`, `aws configure set|import|sso …` write ~/.aws; `get`/`list` only read. */
export function awsConfigWrite(inv: Invocation): boolean {
  const ops = operands(inv);
  return ops[0] === "configure" && !AWS_READS.has(ops[1] ?? "");
}

/** `go env -w GOPROXY=…` writes ~/.config/go/env. */
export function goEnvWrite(inv: Invocation): boolean {
  return inv.args[0] === "env" && hasFlag(inv, "wu");
}

/** `crontab FILE`, `… | crontab -`, `crontab -e`: installs a crontab (`-l` lists; `-r` has its own rule). */
export function crontabInstall(inv: Invocation): boolean {
  return !hasFlag(inv, "lrV", ["help", "version"]);
}
