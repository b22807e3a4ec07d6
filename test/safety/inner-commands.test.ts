/** The per-command contract permission rules build on: every simple command inside the line, each with its own verdict. */
import { describe, expect, it } from "vitest";
import { UNKNOWN_PIECE, assessCommand } from "../../src/safety/index.js";

const opts = { cwd: "/tmp", home: "/home/tester" };
const texts = async (command: string): Promise<string[]> => (await assessCommand(command, opts)).commands.map((c) => c.text);

describe("assessCommand's inner commands", () => {
  it("lists every simple command through pipelines, substitutions, bash -c, sudo, xargs and find -exec", async () => {
    expect(await texts("npm run test && git status | head -5")).toEqual(["npm run test", "git status", "head -5"]);
    expect(await texts("echo $(git rev-parse HEAD)")).toEqual(["git rev-parse HEAD", `echo ${UNKNOWN_PIECE}`]);
    expect(await texts("bash -c 'git push --force'")).toEqual(["bash -c git push --force", "git push --force"]);
    expect(await texts("sudo rm -rf build")).toEqual(["sudo rm -rf build", "rm -rf build"]);
    expect(await texts("ls | xargs rm")).toEqual(["ls", "xargs rm", "rm"]);
    expect(await texts("find . -name x -exec rm {} +")).toEqual(["find . -name x -exec rm {} +", "rm {}"]);
  });

  it("gives each inner command its own verdict and rules; the line takes the strongest", async () => {
    const a = await assessCommand("git status && bash -c 'rm -rf /'", opts);
    expect(a.verdict).toBe("refuse");
    expect(a.commands.map((c) => [c.text, c.verdict])).toEqual([
      ["git status", "allow"],
      ["bash -c rm -rf /", "allow"],
      ["rm -rf /", "refuse"],
    ]);
    expect(a.commands[2]!.rules[0]!.key).toBe("delete-root");
    const push = await assessCommand("git fetch; git push --force", opts);
    expect(push.commands.map((c) => c.verdict)).toEqual(["allow", "ask"]);
    expect(push.commands[1]!.rules.map((r) => r.key)).toContain("git-push-force");
  });

  it("keeps unknown pieces as UNKNOWN_PIECE and names constructs that belong to no command", async () => {
    const a = await assessCommand('rm -rf "$NOPE_UNSET"/', opts);
    expect(a.commands[0]!.argv).toEqual(["rm", "-rf", `${UNKNOWN_PIECE}/`]);
    const fork = await assessCommand(":(){ :|:& };:", opts);
    expect(fork.constructs?.map((r) => r.key)).toContain("fork-bomb");
    expect((await assessCommand("ls", opts)).constructs).toBeUndefined();
  });
});
