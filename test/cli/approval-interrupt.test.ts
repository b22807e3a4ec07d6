/**
 * Ctrl-C at the approval question of the one-shot front ends on a real pseudo-terminal
 * (`chat -p`, `tools call`): it stops at once with exit 130 and runs nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { useCliSandbox } from "../helpers/cli.js";
import { hasScript, openPty, type Pty } from "../helpers/pty.js";
import { text, toolCall } from "../helpers/scripted-openai-server.js";

const cli = useCliSandbox({ homePrefix: "quiver-approval-int-", apiKey: "sk-approval-int-0123456789" });
let terminal: Pty | undefined;
let work = "";

afterEach(() => {
  if (terminal !== undefined && terminal.child.exitCode === null) terminal.child.kill("SIGKILL");
  terminal = undefined;
  if (work !== "") rmSync(work, { recursive: true, force: true });
  work = "";
});

function doomedDir(): string {
  work = mkdtempSync(join(tmpdir(), "quiver-approval-int-work-"));
  const target = join(work, "doomed");
  mkdirSync(join(target, "inner"), { recursive: true });
  return target;
}

describe.skipIf(!hasScript)("Ctrl-C at an approval question", () => {
  it("chat -p stops with 130 and runs nothing", async () => {
    const target = doomedDir();
    await cli.startServer({ replies: [toolCall("terminal", { command: `rm -r ${target}` }), text("never")] });
    terminal = openPty(["chat", "--no-mcp", "-p", "delete it"], cli.env(), work);
    await terminal.waitFor(/Allow\? .*\[N\]o $/);
    terminal.type("\x03");
    expect(await terminal.exited).toBe(130);
    expect(existsSync(target)).toBe(true);
    expect(terminal.screen()).not.toContain("never");
  }, 30_000);

  it("tools call stops with 130 and runs nothing", async () => {
    const target = doomedDir();
    terminal = openPty(["tools", "call", "--no-mcp", "terminal", JSON.stringify({ command: `rm -r ${target}` })], cli.env(), work);
    await terminal.waitFor(/Allow\? .*\[N\]o $/);
    terminal.type("\x03");
    expect(await terminal.exited).toBe(130);
    expect(existsSync(target)).toBe(true);
  }, 30_000);
});
