/** The checks a skill file passes before it is used (SEP-2640): size, SHA-256, SKILL.md frontmatter. */
import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { frontmatterProblem, integrityProblem } from "../../src/mcp/skill-verify.js";

const entryOf = (text: string) => ({ uri: "skill://a/SKILL.md", size: Buffer.byteLength(text), digest: `sha256:${createHash("sha256").update(text).digest("hex")}` });

describe("skill file verification", () => {
  test("the listed bytes pass; other bytes of the same size fail on the digest, other sizes on the size", () => {
    const entry = entryOf("hello world");
    expect(integrityProblem(Buffer.from("hello world"), entry)).toBeUndefined();
    expect(integrityProblem(Buffer.from("hello WORLD"), entry)).toMatch(/digest/);
    expect(integrityProblem(Buffer.from("hello world!"), entry)).toMatch(/size is 12 bytes, the listing said 11/);
  });

  test("the frontmatter must say what the listing said, field by field, whatever the key order", () => {
    const listed = { name: "a", description: "Does A", metadata: { x: 1, y: [2] } };
    expect(frontmatterProblem("---\ndescription: Does A\nmetadata: { y: [2], x: 1 }\nname: a\n---\nbody", listed)).toBeUndefined();
    expect(frontmatterProblem("---\nname: a\ndescription: Does B\nmetadata: { x: 1, y: [2] }\n---\n", listed)).toMatch(/"description"/);
    expect(frontmatterProblem("---\nname: a\ndescription: Does A\nmetadata: { x: 1, y: [2] }\nallowed-tools: Bash\n---\n", listed)).toMatch(/"allowed-tools"/);
    expect(frontmatterProblem("no frontmatter", listed)).toMatch(/no YAML frontmatter/);
  });
});
