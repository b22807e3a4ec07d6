/** The `approval_required` text is never cut: a long subject is shortened, the how-to is kept whole. */
import { describe, expect, it } from "vitest";
import { TRUNCATION_MARK } from "../../src/registry/index.js";
import { seekApproval } from "../../src/tools/approval.js";

const HOW = "To allow it, do exactly this one thing.";

async function required(subject: string, explicit = false): Promise<{ error: string; error_type: string }> {
  const result = await seekApproval(
    { approvalUnavailable: HOW },
    { tool: "write_file", subject, action: "write", rules: [{ key: "write-home", reason: "writing into the home" }], ...(explicit && { explicit: true }) },
  );
  return JSON.parse(result!) as { error: string; error_type: string };
}

describe("approval_required text", () => {
  it("uses the front end's own how-to", async () => {
    const body = await required("/tmp/x");
    expect(body.error_type).toBe("approval_required");
    expect(body.error.endsWith(HOW)).toBe(true);
  });

  it("keeps the how-to whole when the path is 5,000 characters long", async () => {
    const long = `/tmp/${"d/".repeat(2500)}file`;
    const body = await required(long);
    expect(body.error).not.toContain(TRUNCATION_MARK);
    expect(body.error.endsWith(HOW)).toBe(true);
    expect(body.error).toContain("/tmp/d/d/");
    expect(body.error).toContain("d/file");
  });

  it("explicit requests say --yes does not cover them, also for a long path", async () => {
    const body = await required(`/tmp/${"e".repeat(5000)}`, true);
    expect(body.error).not.toContain(TRUNCATION_MARK);
    expect(body.error).toContain("--yes");
    expect(body.error).toContain("do not cover this");
    expect(body.error).toMatch(/answers y\.$/);
  });
});
