import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importsIn } from "../helpers/imports.js";

const SRC = join(import.meta.dirname, "../../src");

describe("checkpoints layering", () => {
  it("imports only registry/ and safety/ of ours (it sits beside agent/)", () => {
    const offenders = importsIn(join(SRC, "checkpoints"))
      .filter(({ spec }) => spec.startsWith("..") && !/^\.\.\/(registry|safety)\//.test(spec))
      .map(({ file, spec }) => `${file}: ${spec}`);
    expect(offenders).toEqual([]);
  });

  it("is not imported by the agent, and the CLI loads it only when a write or a command needs it", () => {
    const agent = importsIn(join(SRC, "agent")).filter(({ spec }) => spec.includes("checkpoints/"));
    expect(agent).toEqual([]);
    const eager = importsIn(join(SRC, "cli"))
      .filter(({ spec, dynamic, statement }) => spec.includes("../checkpoints/") && !dynamic && !/import type/.test(statement))
      .map(({ file }) => file);
    // checkpoints-cli.ts is itself only ever loaded by import() from checkpoints-command.ts and /undo.
    expect(eager).toEqual(["checkpoints-cli.ts"]);
  });
});
