/**
 * Integrity of a skill file read from a server (SEP-2640): the bytes must have the size and the
 * SHA-256 digest its `skills/list` entry announced, and a `SKILL.md` must carry the very
 * frontmatter the entry showed (the model chose the skill by that name and description; a file
 * that says something else is not that skill). Content that fails is never used.
 */
import { createHash } from "node:crypto";
import type { ReadResourceResult } from "@modelcontextprotocol/client";
import { parse as parseYaml } from "yaml";

export interface FileEntry {
  uri: string;
  digest: string;
  size: number;
}

/** The one content of `uri` in a resources/read result, as raw bytes. */
export function bytesOf(result: ReadResourceResult, uri: string): Buffer | undefined {
  const content = result.contents.find((c) => c.uri === uri) ?? (result.contents.length === 1 ? result.contents[0] : undefined);
  if (content === undefined) return undefined;
  return "text" in content ? Buffer.from(content.text, "utf8") : Buffer.from(content.blob, "base64");
}

/** Why `bytes` is not the file `entry` announced, or undefined when it is. */
export function integrityProblem(bytes: Buffer, entry: FileEntry): string | undefined {
  if (bytes.length !== entry.size) return `its size is ${bytes.length} bytes, the listing said ${entry.size}`;
  const digest = `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
  if (digest !== entry.digest) return "its SHA-256 digest differs from the listing's";
  return undefined;
}

/** Why the SKILL.md `text` does not carry `expected` as its frontmatter, or undefined when it does. */
export function frontmatterProblem(text: string, expected: Record<string, unknown>): string | undefined {
  const block = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text)?.[1];
  if (block === undefined) return "it has no YAML frontmatter";
  let found: unknown;
  try {
    found = parseYaml(block);
  } catch {
    return "its frontmatter is not valid YAML";
  }
  if (typeof found !== "object" || found === null || Array.isArray(found)) return "its frontmatter is not a mapping";
  const actual = found as Record<string, unknown>;
  for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    if (canonical(actual[key]) !== canonical(expected[key])) return `its frontmatter field "${key}" differs from the listing's`;
  }
  return undefined;
}

/** JSON with object keys sorted, so field order never counts as a difference. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record).sort().map((k) => `${JSON.stringify(k)}:${canonical(record[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "undefined";
}
