/**
 * Small side files (a session's `<id>.meta.json`) written off the main thread: creating a file
 * measured 0.02–0.6 ms depending on where the disk puts the directory, and a new session's first
 * request should not wait for it. A write still pending at exit is done synchronously then, and a
 * file removed while its write is in flight stays removed.
 */
import { mkdir, mkdirSync, rmSync, writeFile, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { createLogger } from "../registry/index.js";

const log = createLogger("session");

/** path → the text being written; `undefined` once removed while in flight. */
const inFlight = new Map<string, string | undefined>();

/** Writes `text` to `path` (mode 0600) in the background; a failure is logged with `what`. */
export function writeInBackground(path: string, text: string, what: string): void {
  if (inFlight.size === 0) process.once("exit", flushAtExit);
  inFlight.set(path, text);
  mkdir(dirname(path), { recursive: true, mode: 0o700 }, () => writeFile(path, text, { mode: 0o600 }, (err) => {
    const removed = inFlight.has(path) && inFlight.get(path) === undefined;
    inFlight.delete(path);
    if (removed) rmSync(path, { force: true });
    else if (err !== null) log.warn(`Cannot write ${what} (${err.message})`);
    if (inFlight.size === 0) process.off("exit", flushAtExit);
  }));
}

/** Removes `path`, now and, when its write is still in flight, once that lands. */
export function removeWritten(path: string): void {
  if (inFlight.has(path)) inFlight.set(path, undefined);
  rmSync(path, { force: true });
}

function flushAtExit(): void {
  for (const [path, text] of inFlight) {
    try {
      if (text === undefined) rmSync(path, { force: true });
      else {
        mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
        writeFileSync(path, text, { mode: 0o600 });
      }
    } catch {
      // exiting: nothing left to report to
    }
  }
  inFlight.clear();
}
