/**
 * Exact-string replacement on a file's bytes rather than its decoded text. Decoding a file
 * that is not valid UTF-8 turns each bad byte into U+FFFD, and writing that text back
 * re-encodes the whole file (a Latin-1 0xE9 became EF BF BD). Searching for the UTF-8 bytes of
 * the text and splicing bytes keeps every byte outside the replaced spans as it was; UTF-8 is
 * self-synchronising, so in valid text a byte match always falls on character boundaries.
 */

export function countBytes(haystack: Buffer, needle: Buffer): number {
  let count = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) count++;
  return count;
}

/** `haystack` with the first (or every) occurrence of `needle` replaced by `replacement`. */
export function replaceBytes(haystack: Buffer, needle: Buffer, replacement: Buffer, all: boolean): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, from)) {
    parts.push(haystack.subarray(from, at), replacement);
    from = at + needle.length;
    if (!all) break;
  }
  parts.push(haystack.subarray(from));
  return Buffer.concat(parts);
}
