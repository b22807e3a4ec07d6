/** `quiver policy explain` through the built CLI: the verdict, each inner command's, and what decided. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useCliSandbox } from "../helpers/cli.js";

const cli = useCliSandbox({ homePrefix: "quiver-policy-home-", apiKey: "sk-policy-test-0123456789" });

describe("quiver policy explain", () => {
  it("names the permission rule, guard rule or construct that decided each inner command; exit 0 whatever the verdict", async () => {
    writeFileSync(join(cli.home, "config.yaml"), 'permissions:\n  allow: ["terminal(npm run test*)"]\n  deny: ["terminal(git push*)"]\n');
    const denied = await cli.run(["policy", "explain", "npm run test && bash -c 'git push --force'"], { env: { HOME: cli.home } });
    expect(denied.code).toBe(0);
    expect(denied.stdout).toMatch(/^verdict: deny\ndecided by: permission rule terminal\(git push\*\) \(user config .*config\.yaml\)/);
    expect(denied.stdout).toMatch(/allow\s+npm run test\s+← permission rule terminal\(npm run test\*\)/);
    expect(denied.stdout).toMatch(/deny\s+git push --force\s+← permission rule terminal\(git push\*\)/);

    const json = await cli.run(["policy", "explain", "--json", "rm -rf ./victim"], { env: { HOME: cli.home } });
    const parsed = JSON.parse(json.stdout) as { verdict: string; decidedBy: { kind: string; name: string }; commands: Array<{ text: string; verdict: string }>; proposals: string[] };
    expect(parsed).toMatchObject({ verdict: "ask", decidedBy: { kind: "guard-rule", name: "recursive-delete" }, proposals: ["terminal(rm -rf *)"] });
    expect(parsed.commands).toMatchObject([{ text: "rm -rf ./victim", verdict: "ask" }]);

    const refused = await cli.run(["policy", "explain", "--json", "rm -rf /"], { env: { HOME: cli.home } });
    expect(JSON.parse(refused.stdout)).toMatchObject({ verdict: "refuse", decidedBy: { kind: "guard-rule" }, proposals: [] });

    const write = await cli.run(["policy", "explain", "--tool", "write_file", '{"path":"src/a.ts"}'], { env: { HOME: cli.home } });
    expect(write.stdout).toMatch(/^verdict: allow/);
  });

  it("fails with the rule's name when a rule can never match", async () => {
    writeFileSync(join(cli.home, "config.yaml"), 'permissions:\n  deny: ["write_fil(src/**)"]\n');
    const r = await cli.run(["policy", "explain", "ls"], { env: { HOME: cli.home } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('permission rule "write_fil(src/**)" (permissions.deny');
  });
});
