/**
 * `patch`: replaces an exact string in a file. The match must be unique unless
 * `replace_all` is set, so an edit never lands somewhere the model did not mean.
 */
import { isUtf8 } from "node:buffer";
import { registry, toolResult } from "../registry/index.js";
import type { ToolContext } from "../registry/index.js";
import { gateWrite } from "./approval.js";
import { writeFileAtomic } from "./atomic-write.js";
import { looksBinary } from "./binary-file.js";
import { judgeTarget, readJudged } from "./judged-path.js";
import { countBytes, replaceBytes } from "./byte-replace.js";
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
  // Resolved once: the file read, judged and replaced is this one (judged-path.ts).
  const target = await judgeTarget(path);
  const bytes = await readJudged(target);
  if (looksBinary(bytes)) throw new ToolInputError(`${shown} looks like a binary file (it has NUL bytes); patch only edits text files.`);
  // Matched and replaced as bytes: a file that is not UTF-8 keeps every byte outside the edit.
  const needle = Buffer.from(oldString, "utf8");
  const utf8 = isUtf8(bytes);
  const count = countBytes(bytes, needle);
  if (count === 0) throw new ToolInputError(`old_string was not found in ${shown}. ${noMatchHint(bytes, utf8, oldString)}`);
  if (count > 1 && !replaceAll) {
    throw new ToolInputError(
      `old_string matches ${count} times in ${shown}. Include more surrounding context so it matches exactly once, or set replace_all: true to replace every occurrence.`,
    );
  }

  const refusal = await gateWrite(ctx, "patch", path, target.real);
  if (refusal !== undefined) return refusal;
  const updated = replaceBytes(bytes, needle, Buffer.from(newString, "utf8"), replaceAll);
  await writeFileAtomic(target, updated);
  const result: Record<string, unknown> = { path, replacements: replaceAll ? count : 1, bytes_written: updated.length };
  if (!utf8 && /[^\x00-\x7f]/.test(newString)) {
    result.warning = `${shown} is not valid UTF-8 (likely Latin-1 or another legacy encoding); the non-ASCII characters of new_string were written as UTF-8, the rest of the file is unchanged.`;
  }
  return toolResult(result);
}

/** Says why a near miss failed: undecodable bytes, line endings, or whitespace/indentation. */
function noMatchHint(bytes: Buffer, utf8: boolean, needle: string): string {
  if (!utf8 && needle.includes("\uFFFD")) {
    return (
      "The file is not valid UTF-8, and old_string holds U+FFFD (\uFFFD), which read_file shows in place of bytes it cannot decode; " +
      "those bytes cannot be matched by text. Choose old_string from the parts of the line around them, or convert the file to UTF-8 first (e.g. iconv -f latin1 -t utf-8)."
    );
  }
  const text = bytes.toString("utf8");
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

const patchHandler = reportingInputErrors(patch);

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
