/** The small readers the guard relies on: sed scripts, line continuations, getopt_long abbreviations. */
import { describe, expect, it } from "vitest";
import { joinContinuations } from "../../src/safety/continuations.js";
import { given, parseArgs } from "../../src/safety/options.js";
import { sedRunsOrWrites } from "../../src/safety/sed-script.js";

describe("sed scripts", () => {
  it("tells running and writing commands from the rest", () => {
    expect(sedRunsOrWrites(["-n", "1,5p", "f"])).toBeUndefined();
    expect(sedRunsOrWrites(["s/a/b/g", "f"])).toBeUndefined();
    expect(sedRunsOrWrites(["-i", "s|/usr|/opt|", "f"])).toBeUndefined();
    expect(sedRunsOrWrites(["/x/a\\", "f"])).toBeUndefined();
    expect(sedRunsOrWrites(["-n", "3e date", "f"])).toMatch(/running/);
    expect(sedRunsOrWrites(["s/.*/id/e", "f"])).toMatch(/running/);
    expect(sedRunsOrWrites(["-e", "/k/w out.txt", "f"])).toMatch(/writing/);
    expect(sedRunsOrWrites(["s/a/b/w out", "f"])).toMatch(/writing/);
    expect(sedRunsOrWrites(["-f", "script.sed", "f"])).toMatch(/script file/);
    expect(sedRunsOrWrites(["--expression=1e id", "f"])).toMatch(/running/);
  });
});

describe("line continuations", () => {
  it("joins them where bash does, and only there", () => {
    expect(joinContinuations("r\\\nm -rf /")).toBe("rm -rf /");
    expect(joinContinuations('echo "a\\\nb"')).toBe('echo "ab"');
    expect(joinContinuations("echo 'a\\\nb'")).toBe("echo 'a\\\nb'");
    expect(joinContinuations("echo $'a\\\nb'")).toBe("echo $'a\\\nb'");
    expect(joinContinuations("echo a # c \\\nrm x")).toBe("echo a # c \\\nrm x");
    expect(joinContinuations("cat <<'E'\nq\\\nw\nE\nr\\\nm")).toBe("cat <<'E'\nq\\\nw\nE\nrm");
    expect(joinContinuations("cat <<E\nq\\\nw\nE")).toBe("cat <<E\nqw\nE");
  });
});

describe("getopt_long abbreviations", () => {
  it("count an abbreviation as the long options it can stand for", () => {
    const p = parseArgs(["--rec", "--for", "dir"], {});
    expect(given(p, "recursive")).toBe(true);
    expect(given(p, "force")).toBe(true);
    expect(given(p, "verbose")).toBe(false);
    expect(given(parseArgs(["-r"], {}), "recursive")).toBe(false);
  });
});
