/**
 * Appends to session transcripts through descriptors kept open: opening the file for every write
 * cost several times the write itself, three times per round. At most 8 stay open (the least
 * recently written closes first), so sessions made and dropped by the thousand never run out of
 * descriptors; the OS closes the rest at exit. A file deleted or replaced meanwhile (a repair's
 * rename, another process) is reopened by path, as a fresh `appendFileSync` would.
 *
 * `appendSoon` opens a file without a kept descriptor off the main thread: creating a new chat's
 * transcript cost 0.02-0.9 ms on the test machine's disk, in front of its first request. What it is
 * given meanwhile waits in memory, in order, and is written the moment the file is open, by any
 * synchronous `appendToFile` of the path, or at the process's exit, whichever comes first.
 */
import { closeSync, fstatSync, mkdirSync, open, openSync, writeSync } from "node:fs";
import { dirname } from "node:path";

const MAX_OPEN = 8;
const descriptors = new Map<string, number>();

/** A file being opened off the main thread: the text given meanwhile, and the wait for it. */
interface Opening {
  text: string;
  done: Promise<void>;
}
const openings = new Map<string, Opening>();
/** What writing a background-opened file's text failed with, until `appendSettled` reports it. */
const failures = new Map<string, unknown>();

/** Appends `text` to `path` (created 0600, its directory 0700, when missing) in one synchronous write. */
export function appendToFile(path: string, text: string): void {
  const opening = openings.get(path);
  if (opening !== undefined) {
    // Whatever waits for the background open goes first; that open then only closes its descriptor.
    openings.delete(path);
    text = opening.text + text;
  }
  writeNow(path, text);
}

/**
 * Appends `text` to `path` like `appendToFile`, except that a file without a kept descriptor is
 * opened (created when missing) off the main thread, `text` and later appends waiting for it in
 * order. `appendSettled(path)` resolves once all of it is written.
 */
export function appendSoon(path: string, text: string): void {
  const opening = openings.get(path);
  if (opening !== undefined) {
    opening.text += text;
    return;
  }
  if (descriptors.has(path)) return writeNow(path, text);
  const started: Opening = { text, done: Promise.resolve() };
  started.done = openInBackground(path).then(
    (fd) => settle(path, started, fd),
    () => settle(path, started, undefined),
  );
  openings.set(path, started);
  flushAtExit();
}

/** Resolves once what `appendSoon` was given for `path` is written; rejects with what writing it failed with. */
export async function appendSettled(path: string): Promise<void> {
  await openings.get(path)?.done;
  if (!failures.has(path)) return;
  const failure = failures.get(path);
  failures.delete(path);
  throw failure;
}

/** The background open finished: keep its descriptor, then write what waited (unless appendToFile already did). */
function settle(path: string, opening: Opening, fd: number | undefined): void {
  if (openings.get(path) !== opening) {
    if (fd !== undefined) closeQuietly(fd); // written meanwhile by appendToFile, through a descriptor of its own
    return;
  }
  openings.delete(path);
  try {
    if (fd === undefined) writeNow(path, opening.text); // a failed open is retried here, synchronously, to report its error
    else writeTo(path, keep(path, fd), opening.text); // just opened: no need to ask whether the file is still there
  } catch (err) {
    failures.set(path, err);
  }
}

function writeNow(path: string, text: string): void {
  writeTo(path, descriptorFor(path), text);
}

function writeTo(path: string, fd: number, text: string): void {
  try {
    const bytes = Buffer.from(text, "utf8");
    for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
  } catch (err) {
    forgetFile(path);
    throw err;
  }
}

/**
 * Closes the descriptor kept for `path`, if any (before the file is replaced by a rename or removed);
 * text still waiting for a background open of it is dropped with it.
 */
export function forgetFile(path: string): void {
  openings.delete(path);
  const fd = descriptors.get(path);
  if (fd === undefined) return;
  descriptors.delete(path);
  closeQuietly(fd);
}

function descriptorFor(path: string): number {
  const kept = descriptors.get(path);
  if (kept !== undefined) {
    descriptors.delete(path);
    if (fstatSync(kept).nlink > 0) {
      descriptors.set(path, kept); // most recently used goes last
      return kept;
    }
    closeQuietly(kept);
  }
  return keep(path, openForAppend(path));
}

function keep(path: string, fd: number): number {
  const kept = descriptors.get(path);
  if (kept !== undefined && kept !== fd) closeQuietly(kept);
  descriptors.delete(path);
  descriptors.set(path, fd);
  if (descriptors.size > MAX_OPEN) forgetFile(descriptors.keys().next().value as string);
  return fd;
}

function openInBackground(path: string): Promise<number> {
  const attempt = (): Promise<number> => new Promise((done, fail) => open(path, "a", 0o600, (err, fd) => (err === null ? done(fd) : fail(err))));
  return attempt().catch((err: NodeJS.ErrnoException) => {
    if (err.code !== "ENOENT") throw err;
    makeParent(path);
    return attempt();
  });
}

let exitHook = false;

/** A process that exits (process.exit included) while a file is being opened still writes what waited. */
function flushAtExit(): void {
  if (exitHook) return;
  exitHook = true;
  process.on("exit", () => {
    for (const [path, opening] of [...openings]) {
      openings.delete(path);
      try {
        writeNow(path, opening.text);
      } catch {
        // Exiting: nothing is left to report to.
      }
    }
  });
}

function openForAppend(path: string): number {
  try {
    return openSync(path, "a", 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    makeParent(path);
    return openSync(path, "a", 0o600);
  }
}

/** The sessions directory, private to the user, made when the first transcript needs it. */
function makeParent(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Already closed or invalid: nothing is left to release.
  }
}
