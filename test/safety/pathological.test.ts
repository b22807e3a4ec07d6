/** Inputs built to make a parser or a regex blow up are still judged (the test's timeout bounds them). */
import { describe, expect, it } from "vitest";
import { assessCommand } from "../../src/safety/index.js";

const opts = { cwd: "/tmp", home: "/home/tester" };

describe("pathological commands", () => {
  it.each([
    ["thirty brace groups", `echo ${"{a,b}".repeat(30)}`, "allow"],
    ["python open( then 19 000 spaces", `python3 -c "open(${" ".repeat(19_000)}"`, "allow"],
    ["python open( then 90 unclosed ( with 199 letters each", `python3 -c "open(${("(" + "a".repeat(199)).repeat(90)}"`, "allow"],
    ["perl open then 19 000 commas", `perl -e 'open ${",".repeat(19_000)}'`, "allow"],
    ["200 nested $(", `echo ${"$(".repeat(200)}${")".repeat(200)}`, "ask"],
    ["a 50 000-segment /.* path", `rm -rf ${"/.*".repeat(50_000)}x`, "ask"],
    ["50 nested bash -c", `${"bash -c ".repeat(50)}ls`, "allow"],
  ] as const)("%s", async (_, command, verdict) => {
    expect((await assessCommand(command, opts)).verdict).toBe(verdict);
  });
});
