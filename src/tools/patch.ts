/**
 * `patch`: replaces an exact string in a file. The match must be unique unless
 * `replace_all` is set, so an edit never lands somewhere the model did not mean.
 */
import { readFile } from "node:fs/promises";
import { registry, toolResult } from "../registry/index.js";
import type { ToolContext } from "../registry/index.js";
import { gateWrite } from "./approval.js";
import { writeFileAtomic } from "./atomic-write.js";
import { looksBinary } from "./binary-file.js";
import { displayPath, requireRegularFile, resolveUserPath } from "./path-safety.js";
import { ToolInputError, optionalBooleanArg, reportingInputErrors, stringArg } from "./tool-input.js";

async function patch(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
  const path = resolveUserPath(stringArg(args, "path"));
  const oldString = stringArg(args, "old_string", { allowEmpty: true });
  const newString = stringArg(args, "new_string", { allowEmpty: true });
  const replaceAll = optionalBooleanArg(args, "replace_all") ?? false;
  const shown = displayPath(path);
  if (oldString === "") throw new ToolInputError("old_string must not be empty. To create or overwrite a whole file, use write_file.");
  if (oldString === newString) throw new ToolInputError("old_string and new_string are identical; there is nothing to change.");

  await requireRegularFile(path);
  const bytes = await readFile(path);
  if (looksBinary(bytes)) throw new ToolInputError(`${shown} looks like a binary file (it has NUL bytes); patch only edits text files.`);
  const text = bytes.toString("utf8");

  const count = countOccurrences(text, oldString);
  if (count === 0) throw new ToolInputError(`old_string was not found in ${shown}. ${noMatchHint(text, oldString)}`);
  if (count > 1 && !replaceAll) {
    throw new ToolInputError(
      `old_string matches ${count} times in ${shown}. Include more surrounding context so it matches exactly once, or set replace_all: true to replace every occurrence.`,
    );
  }

  const refusal = await gateWrite(ctx, "patch", path);
  if (refusal !== undefined) return refusal;
  // split/join rather than String.replace: `$&` and friends in new_string must stay literal.
  const updated = replaceAll ? text.split(oldString).join(newString) : replaceFirst(text, oldString, newString);
  await writeFileAtomic(path, updated);
  return toolResult({ path, replacements: replaceAll ? count : 1, bytes_written: Buffer.byteLength(updated, "utf8") });
}

function countOccurrences(text: string, needle: string): number {
  let count = 0;
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) count++;
  return count;
}

function replaceFirst(text: string, needle: string, replacement: string): string {
  const at = text.indexOf(needle);
  return text.slice(0, at) + replacement + text.slice(at + needle.length);
}

/** Says why a near miss failed: line endings, or whitespace/indentation. */
function noMatchHint(text: string, needle: string): string {
  const exact = "Read the file with read_file and copy the exact text (without the `N|` line prefixes).";
  if (text.includes("\r\n") && !needle.includes("\r\n") && text.includes(needle.replace(/\n/g, "\r\n"))) {
    return "The file uses CRLF (\\r\\n) line endings and old_string uses \\n; match the file's line endings.";
  }
  const squash = (s: string): string => s.replace(/\s+/g, " ").trim();
  if (squash(needle) !== "" && squash(text).includes(squash(needle))) {
    return `A match exists if whitespace is ignored: check indentation (tabs vs spaces), trailing spaces and line breaks. ${exact}`;
  }
  return exact;
}

export const patchHandler = reportingInputErrors(patch);

registry.register({
  name: "patch",
  toolset: "file",
  emoji: "🩹",
  schema: {
    name: "patch",
    description:
      "Edit a file by replacing an exact string. old_string must match exactly once (include enough context), " +
      "unless replace_all is true. Whitespace and line breaks must match the file exactly. " +
      "Edits to sensitive paths (~/.ssh, /etc, shell rc files, .env files) need the user's approval.",
    parameters: {
      type: "object",
      properties: {
        path: { type: "string", description: "File path; relative paths are resolved against the current directory, ~ expands." },
        old_string: { type: "string", description: "The exact text to replace." },
        new_string: { type: "string", description: "The replacement text." },
        replace_all: { type: "boolean", description: "Replace every occurrence instead of requiring a unique match (default false)." },
      },
      required: ["path", "old_string", "new_string"],
      additionalProperties: false,
    },
  },
  handler: patchHandler,
});
