/**
 * What a pipeline stage prints, when the command line alone tells: `echo`/`printf` of literal
 * text, `cat` of a here-document, and `base64 -d`, `rev` or `xxd -r -p` of such text. A shell
 * fed this text is judged on it, so `echo 'rm -rf /' | sh` is refused like `rm -rf /`.
 */
import { isOpaque, operands } from "./argv.js";
import type { SimpleCommand } from "./commands.js";
import { decodeAnsiC } from "./words.js";

const MAX_HOPS = 8;

/** The text `cmd` writes to stdout, or undefined when it cannot be known. */
export function stageOutput(cmd: SimpleCommand, hops = 0): string | undefined {
  if (hops > MAX_HOPS) return undefined;
  const [program = "", ...args] = cmd.argv;
  const name = program.split("/").pop()!;
  const input = (): string | undefined => cmd.stdinText ?? (cmd.pipedFrom === undefined ? undefined : stageOutput(cmd.pipedFrom, hops + 1));
  const text = ((): string | undefined => {
    switch (name) {
      case "echo":
        return echo(args);
      case "printf":
        return printf(args);
      case "cat":
        return args.length === 0 || args[0] === "-" ? input() : undefined;
      case "base64":
        return args.some((a) => /^-(?:d|D|-decode)$/.test(a)) && operands({ name, args, via: new Set(), cwd: "", scripts: [], argv: cmd.argv }).length === 0
          ? decodeBase64(input())
          : undefined;
      case "rev":
        return input()?.split("\n").map((line) => [...line].reverse().join("")).join("\n");
      case "xxd":
        return args.includes("-r") && args.includes("-p") ? decodeHex(input()) : undefined;
      default:
        return undefined;
    }
  })();
  return text === undefined || isOpaque(text) ? undefined : text;
}

function echo(args: string[]): string {
  let escapes = false;
  let i = 0;
  for (; i < args.length && /^-[neE]+$/.test(args[i]!); i++) escapes = args[i]!.includes("e");
  const text = args.slice(i).join(" ");
  return escapes ? decodeAnsiC(text) : text;
}

/** `printf FORMAT ARGS`: only `%s` (and `%b`) conversions are understood. */
function printf(args: string[]): string | undefined {
  const [format = "", ...rest] = args;
  if (/%[^sb%]/.test(format)) return undefined;
  let at = 0;
  return decodeAnsiC(format).replace(/%([sb%])/g, (_, kind: string) => (kind === "%" ? "%" : (rest[at++] ?? "")));
}

function decodeBase64(text: string | undefined): string | undefined {
  return text === undefined ? undefined : Buffer.from(text.replace(/\s+/g, ""), "base64").toString("utf8");
}

function decodeHex(text: string | undefined): string | undefined {
  const hex = text?.replace(/\s+/g, "");
  return hex === undefined || !/^(?:[0-9a-fA-F]{2})*$/.test(hex) ? undefined : Buffer.from(hex, "hex").toString("utf8");
}
