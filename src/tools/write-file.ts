/** `write_file`: creates or replaces a text file, atomically; sensitive paths need approval. */
import { registry, toolResult } from "../registry/index.js";
import type { ToolContext } from "../registry/index.js";
import { gateWrite } from "./approval.js";
import { writeFileAtomic } from "./atomic-write.js";
import { judgeTarget } from "./judged-path.js";
import { ToolInputError, reportingInputErrors, stringArg } from "./tool-input.js";
import { displayPath, isDevicePath, resolveUserPath } from "./path-safety.js";

async function writeFile(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
  const path = resolveUserPath(stringArg(args, "path"));
  const content = stringArg(args, "content", { allowEmpty: true });
  if (isDevicePath(path)) throw new ToolInputError(`Refusing to write ${displayPath(path)}: device files under /dev are not written by the file tools.`);

  // Resolved once: the resolved path is judged, and written through descriptors checked against it.
  const target = await judgeTarget(path);
  if (isDevicePath(target.real)) throw new ToolInputError(`Refusing to write ${displayPath(path)} (a link to ${target.real}): device files under /dev are not written by the file tools.`);
  const refusal = await gateWrite(ctx, "write_file", path, target.real);
  if (refusal !== undefined) return refusal;
  const outcome = await writeFileAtomic(target, content);
  return toolResult({
    path,
    bytes_written: Buffer.byteLength(content, "utf8"),
    lines_written: countLines(content),
    created: outcome.created,
  });
}

/** Lines as an editor counts them: a trailing newline does not start another line. */
function countLines(text: string): number {
  if (text === "") return 0;
  let lines = 1;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines++;
  return text.endsWith("\n") ? lines - 1 : lines;
}

const writeFileHandler = reportingInputErrors(writeFile);

registry.register({
  name: "write_file",
  toolset: "file",
  emoji: "✍️",
  schema: {
    name: "write_file",
    description:
      "Create or overwrite a text file with the given content (atomically; missing parent folders are created). " +
      "Writes to sensitive paths (~/.ssh, /etc, shell rc files, .env files) need the user's approval. " +
      "To change part of an existing file, prefer patch.",
    parameters: {
      type: "object",
      properties: {
        path: { type: "string", description: "File path; relative paths are resolved against the current directory, ~ expands." },
        content: { type: "string", description: "The complete new content of the file." },
      },
      required: ["path", "content"],
      additionalProperties: false,
    },
  },
  handler: writeFileHandler,
});
