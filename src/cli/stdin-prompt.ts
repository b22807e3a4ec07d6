/**
 * `quiver chat -p`: the prompt and piped stdin. `-p "text"` with text piped in sends both (the
 * prompt, a blank line, then stdin); `-p -` or a bare `-p` takes stdin alone as the prompt.
 * Piped input is bounded: past the cap the run stops with an error before any request.
 */
import { CliError } from "./exit-codes.js";

export const DEFAULT_MAX_STDIN_BYTES = 1024 * 1024;
/**
 * A pipe some parents hold open without writing (CI runners, editors): when `-p` has text, stdin is
 * extra and the run does not wait for it past this long without a first byte. `-p -` waits as long as it takes.
 */
const FIRST_BYTE_WAIT_MS = 1500;

export interface StdinSource {
  stream: NodeJS.ReadableStream & { isTTY?: boolean };
  maxBytes: number;
}

/** The prompt to send: `flag` (`true` for a bare -p, "-" for stdin), with piped stdin appended. */
export async function promptWithStdin(flag: string | true, source: StdinSource): Promise<string> {
  const stdinOnly = flag === true || flag === "-";
  const piped = source.stream.isTTY === true ? undefined : await readBounded(source, stdinOnly);
  const stdin = piped?.replace(/\s+$/, "") ?? "";
  if (stdinOnly) {
    if (stdin.trim() === "") throw new CliError('the prompt is empty: nothing came on stdin. Pipe text in (echo "..." | quiver chat -p) or give it: quiver chat -p "what to do"');
    return stdin;
  }
  if (flag.trim() === "" && stdin.trim() === "") throw new CliError('the prompt is empty: quiver chat -p "what to do" (or -p - to read it from stdin)');
  if (stdin.trim() === "") return flag;
  return flag.trim() === "" ? stdin : `${flag}\n\n${stdin}`;
}

function readBounded(source: StdinSource, waitForever: boolean): Promise<string> {
  const { stream, maxBytes } = source;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const timer = waitForever ? undefined : setTimeout(() => finish(), FIRST_BYTE_WAIT_MS);
    const finish = (err?: Error): void => {
      clearTimeout(timer);
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.off("error", onError);
      stream.pause();
      if (err !== undefined) reject(err);
      else resolve(Buffer.concat(chunks).toString("utf8"));
    };
    const onData = (chunk: Buffer | string): void => {
      clearTimeout(timer);
      const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      bytes += buffer.length;
      if (bytes > maxBytes) {
        finish(new CliError(`stdin is over the ${maxBytes}-byte cap for piped input with -p (input.maxStdinBytes in config.yaml). Send less (head -c, a summary), or raise the cap.`));
        return;
      }
      chunks.push(buffer);
    };
    const onEnd = (): void => finish();
    const onError = (err: Error): void => finish(new CliError(`cannot read stdin: ${err.message}`));
    stream.on("data", onData);
    stream.on("end", onEnd);
    stream.on("error", onError);
    stream.resume();
  });
}
