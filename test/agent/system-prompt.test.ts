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
});
