import { describe, expect, it } from "vitest";
import { given, parseArgs, values } from "../../src/safety/options.js";

describe("parseArgs (getopt-style option reading)", () => {
  const curl = { short: "oH", long: ["output", "output-dir", "header"] };

  it("reads a valued letter at the end of a cluster, attached to it, or alone", () => {
    expect(values(parseArgs(["-sLo", "a", "u"], curl), "o")).toEqual(["a"]);
    expect(values(parseArgs(["-so~/b", "u"], curl), "o")).toEqual(["~/b"]);
    expect(values(parseArgs(["-o", "c", "u"], curl), "o")).toEqual(["c"]);
    expect(parseArgs(["-sLo", "a", "u"], curl).operands).toEqual(["u"]);
  });

  it("stops a cluster at the first valued letter: its value is the rest", () => {
    const p = parseArgs(["-Ho", "u"], curl);
    expect(values(p, "H")).toEqual(["o"]);
    expect(given(p, "o")).toBe(false);
    expect(p.operands).toEqual(["u"]);
  });

  it("reads long options with = or a separate value, and unambiguous abbreviations", () => {
    expect(values(parseArgs(["--output=x", "--output-dir", "d"], curl), "output", "output-dir")).toEqual(["x", "d"]);
    expect(values(parseArgs(["--output-d", "d", "u"], curl), "output-dir")).toEqual(["d"]);
    expect(parseArgs(["--silent", "u"], curl).operands).toEqual(["u"]);
  });

  it("takes an optional value only when attached, single-dash long options, and everything after -- as operands", () => {
    expect(values(parseArgs(["-i.bak", "s/a/b/", "f"], { attached: "i" }), "i")).toEqual([".bak"]);
    expect(parseArgs(["-i", "s/a/b/", "f"], { attached: "i" }).operands).toEqual(["s/a/b/", "f"]);
    expect(values(parseArgs(["genrsa", "-out", "k.pem", "2048"], { dashLong: ["out"] }), "out")).toEqual(["k.pem"]);
    expect(parseArgs(["-o", "x", "--", "-o", "-"], curl).operands).toEqual(["-o", "-"]);
  });
});
