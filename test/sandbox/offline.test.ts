/** Which command lines may go without the sandbox's network bridge (src/sandbox/offline.ts). */
import { describe, expect, it } from "vitest";
import { mayUseNetwork } from "../../src/sandbox/offline.js";

describe("mayUseNetwork", () => {
  it("is false only when every program is one that opens no socket and runs nothing else", () => {
    expect(mayUseNetwork("echo hi", ["echo"])).toBe(false);
    expect(mayUseNetwork("ls | grep x && cat f", ["ls", "grep", "cat"])).toBe(false);
  });

  it.each([
    ["a network client", ["curl"]],
    ["a program that runs others", ["xargs"]],
    ["find, which can -exec", ["find"]],
    ["env, which runs its argument", ["env"]],
    ["an interpreter", ["python3"]],
    ["git", ["git"]],
    ["a path, which may be any program", ["/bin/ls"]],
    ["an unknown piece", ["\u2026"]],
    ["no program at all", []],
  ])("is true for %s", (_what, programs) => {
    expect(mayUseNetwork("x", programs)).toBe(true);
  });

  it("is true when the line names bash's /dev/tcp or /dev/udp, whatever the programs", () => {
    expect(mayUseNetwork("cat < /dev/tcp/example.com/80", ["cat"])).toBe(true);
    expect(mayUseNetwork("echo x > /dev/udp/10.0.0.1/53", ["echo"])).toBe(true);
  });
});
