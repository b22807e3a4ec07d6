/**
 * read_file's fast path: a small regular file is read synchronously with one open, one fstat
 * and one read, instead of the async checks and stream (about nine thread-pool hops for a
 * file of a few lines). It answers only when that is as safe as the full path:
 * - the file was opened without following a final symlink and without blocking (a FIFO or a
 *   device is never waited on), and fstat says it is a regular, non-empty file;
 * - it lives on a device where the full path already found a regular file, so a kernel
 *   pseudo-filesystem (whose files can claim any size) is never read this way.
 * Anything else returns undefined, and the full path decides, with its own messages.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";
import { BINARY_SNIFF_BYTES, looksBinary } from "./binary-file.js";

/** Files up to this size take the fast path; larger ones stream. */
const SMALL_FILE_BYTES = 256 * 1024;

const checkedDevices = new Set<number>();

/** Called by the full path once it found a regular file on device `dev`. */
export function rememberRegularFileDevice(dev: number): void {
  checkedDevices.add(dev);
}

export type SmallFile = { binary: false; text: string } | { binary: true };

/** `check` judges the opened descriptor, given its fstat (protected-read.ts); when it throws, the full path decides. */
export function readSmallFile(path: string, check?: (fd: number, stats: Stats) => void): SmallFile | undefined {
  if (checkedDevices.size === 0) return undefined;
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    check?.(fd, stats);
    if (!stats.isFile() || stats.size === 0 || stats.size > SMALL_FILE_BYTES || !checkedDevices.has(stats.dev)) return undefined;
    const buffer = Buffer.allocUnsafe(stats.size);
    const read = readSync(fd, buffer, 0, stats.size, 0);
    const bytes = buffer.subarray(0, read);
    if (looksBinary(bytes.subarray(0, BINARY_SNIFF_BYTES))) return { binary: true };
    return { binary: false, text: bytes.toString("utf8") };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
