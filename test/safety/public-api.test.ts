import { describe, expect, it } from "vitest";
import { assessCommand, assessWrite } from "../../src/index.js";

describe("quiver's public safety API", () => {
  it("exports assessCommand and assessWrite with the documented shape", async () => {
    expect(await assessCommand("ls -la")).toMatchObject({ verdict: "allow", rules: [], commands: [{ argv: ["ls", "-la"], text: "ls -la", verdict: "allow", rules: [] }] });
    expect(await assessCommand("a=~; rm -rf $a", { home: "/home/tester" })).toMatchObject({
      verdict: "refuse",
      rules: [{ key: "delete-root", reason: expect.any(String) }],
    });
    expect(await assessCommand("rm -rf /h?me")).toMatchObject({ verdict: "refuse" });
    expect(await assessCommand("git reset --hard")).toMatchObject({ verdict: "ask", rules: [{ key: "git-reset-hard" }] });
    expect(await assessWrite("~/.ssh/authorized_keys", { home: "/home/tester" })).toMatchObject({ verdict: "ask", rules: [{ key: "write-ssh" }] });
  });
});
