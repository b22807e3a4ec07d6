/**
 * Task-based tools: server-everything's simulate-research-query (taskSupport "required") runs
 * as a task (tasks/get polled, tasks/result) to its result, shows its status as progress, and an aborted call
 * cancels the task on the server.
 */
import { ListTasksResultSchema } from "@modelcontextprotocol/core";
import { describe, expect, test } from "vitest";
import { handleFunctionCall } from "../../src/calls/model-tools.js";
import type { ToolProgress } from "../../src/registry/index.js";
import { parse, useEverything, waitFor } from "./support.js";

const everything = useEverything();

describe("tasks", () => {
  test("a required-task tool runs to completion; its status changes arrive as progress", async () => {
    await everything();
    const updates: ToolProgress[] = [];
    const out = parse(await handleFunctionCall("mcp__everything__simulate_research_query", { topic: "tides" }, { progress: (u) => updates.push(u) }));
    expect(String(out.result)).toContain("# Research Report: tides");
    expect(updates.length).toBeGreaterThan(1);
    expect(updates.some((u) => /Gathering|Analyzing|Synthesizing|working/i.test(u.message ?? ""))).toBe(true);
  });

  test("aborting the call cancels the task on the server", async () => {
    const m = await everything();
    const controller = new AbortController();
    const pending = handleFunctionCall("mcp__everything__simulate_research_query", { topic: "storms" }, {
      signal: controller.signal,
      progress: () => controller.abort(),
    });
    expect(parse(await pending)).toMatchObject({ error_type: "cancelled" });
    const client = m.connection("everything")?.client;
    await waitFor(async () => (await client!.request({ method: "tasks/list" }, ListTasksResultSchema)).tasks.some((t) => t.status === "cancelled"), "the task to be cancelled");
  });
});
