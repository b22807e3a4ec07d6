import { afterEach, describe, expect, it } from "vitest";
import { defaultSystemPrompt } from "../../src/agent/system-prompt.js";

const savedTz = process.env.TZ;

afterEach(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

function today(now: Date): string | undefined {
  return defaultSystemPrompt({ tools: ["read_file"], cwd: "/tmp", now })
    .split("\n")
    .find((line) => line.startsWith("Today: "));
}

describe("defaultSystemPrompt's date line", () => {
  it("names the date and weekday of `now`, as toLocaleDateString does", () => {
    for (const now of [new Date(2026, 0, 5, 12), new Date(2024, 1, 29, 12), new Date(2030, 11, 31, 12)]) {
      expect(today(now)).toBe(`Today: ${now.toLocaleDateString("en-CA")} (${now.toLocaleDateString("en-US", { weekday: "long" })})`);
    }
  });

  it("follows a TZ changed after an earlier prompt (its formatters are cached)", () => {
    const instant = new Date(Date.UTC(2026, 5, 15, 23, 30));
    process.env.TZ = "UTC";
    expect(today(instant)).toBe("Today: 2026-06-15 (Monday)");
    process.env.TZ = "Asia/Tokyo";
    expect(today(instant)).toBe("Today: 2026-06-16 (Tuesday)");
  });

  it("turns to the next day at local midnight, though the day's text is kept between prompts", () => {
    process.env.TZ = "Europe/Paris";
    expect(today(new Date(2026, 2, 28, 23, 59, 59, 999))).toBe("Today: 2026-03-28 (Saturday)");
    expect(today(new Date(2026, 2, 29, 0, 0, 0, 0))).toBe("Today: 2026-03-29 (Sunday)");
    // A 23-hour day (clocks go forward): its end is the next local midnight, not start + 24 h.
    expect(today(new Date(2026, 2, 29, 23, 30))).toBe("Today: 2026-03-29 (Sunday)");
    expect(today(new Date(2026, 2, 30, 0, 30))).toBe("Today: 2026-03-30 (Monday)");
    expect(today(new Date(2026, 2, 28, 12))).toBe("Today: 2026-03-28 (Saturday)");
  });
});

describe("defaultSystemPrompt, one conversation after another", () => {
  it("gives each its own boundary, and follows a changed directory, tool list or day", () => {
    const now = new Date(2026, 5, 15, 12);
    const a = defaultSystemPrompt({ tools: ["read_file"], cwd: "/work/a", now, boundary: "0123456789abcdef" });
    const b = defaultSystemPrompt({ tools: ["read_file"], cwd: "/work/a", now, boundary: "fedcba9876543210" });
    expect(a).toContain("0123456789abcdef");
    expect(b).toContain("fedcba9876543210");
    expect(b).not.toContain("0123456789abcdef");
    expect(a.replaceAll("0123456789abcdef", "x")).toBe(b.replaceAll("fedcba9876543210", "x"));
    expect(defaultSystemPrompt({ tools: ["read_file"], cwd: "/work/b", now })).toContain("Working directory: /work/b");
    expect(defaultSystemPrompt({ tools: ["read_file", "terminal"], cwd: "/work/b", now })).toContain("Your tools: read_file, terminal.");
    expect(defaultSystemPrompt({ tools: ["read_file", "terminal"], cwd: "/work/b", now: new Date(2026, 5, 16, 12) })).toContain("Today: 2026-06-16");
    expect(defaultSystemPrompt({ tools: ["read_file"], cwd: "/work/b", now, deferredToolsets: [{ name: "web", tools: 3 }] })).toContain("web (3)");
    expect(defaultSystemPrompt({ tools: ["read_file"], cwd: "/work/b", now, deferredToolsets: [{ name: "web", tools: 4 }] })).toContain("web (4)");
  });
});
