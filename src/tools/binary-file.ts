import { open, type FileHandle } from "node:fs/promises";

/** How much of a file is sniffed for a NUL byte, the usual sign of a binary file. */
export const BINARY_SNIFF_BYTES = 8192;

export function looksBinary(head: Uint8Array): boolean {
  return head.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

/** Sniffs the file's first bytes; an open handle is read at position 0 and left open. */
export async function isBinaryFile(file: string | FileHandle): Promise<boolean> {
  const handle = typeof file === "string" ? await open(file, "r") : file;
  try {
    const buffer = Buffer.alloc(BINARY_SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, BINARY_SNIFF_BYTES, 0);
    return looksBinary(buffer.subarray(0, bytesRead));
  } finally {
    if (typeof file === "string") await handle.close();
  }
}
