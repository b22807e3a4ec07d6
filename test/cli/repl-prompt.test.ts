/**
 * The REPL's prompt line on a real pseudo-terminal: Ctrl-C at an approval question withdraws it
 * (the next line is chat input again), and notes that arrive while the user types (hot reload,
 * a tool file that fails to load) are printed above the prompt, which is redrawn with the typed text.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { useCliSandbox } from "../helpers/cli.js";
import { hasScript, openPty, type Pty } from "../helpers/pty.js";
import { text, toolCall } from "../helpers/scripted-openai-server.js";

const cli = useCliSandbox({ homePrefix: "quiver-repl-prompt-", apiKey: "sk-repl-prompt-0123456789" });
let terminal: Pty | undefined;
let work = "";

afterEach(() => {
  if (terminal !== undefined && terminal.child.exitCode === null) terminal.child.kill("SIGKILL");
  terminal = undefined;
  if (work !== "") rmSync(work, { recursive: true, force: true });
  work = "";
});

const dice = (description: string): string => `import { registry, z } from "quiver";
registry.register({ name: "roll_dice", toolset: "games", schema: { description: "${description}", parameters: z.object({ n: z.number() }) }, handler: ({ n }: { n: number }) => String(n) });
`;

describe.skipIf(!hasScript)("the REPL prompt line", () => {
  it("Ctrl-C at an approval question denies it and the next line is a new message", async () => {
    work = mkdtempSync(join(tmpdir(), "quiver-repl-prompt-work-"));
    const target = join(work, "doomed");
    mkdirSync(join(target, "inner"), { recursive: true });
    const server = await cli.startServer({ replies: [toolCall("terminal", { command: `rm -r ${target}` }), text("After the interrupt.")] });
    terminal = openPty(["chat", "--no-mcp"], cli.env(), work);
    await terminal.waitFor(/❯ $/);
    terminal.type("delete the dir\r");
    await terminal.waitFor(/Allow\? .*\[N\]o $/);
    terminal.type("\x03");
    const mark = terminal.screen().length;
    await terminal.waitFor(/❯ $/, mark);
    terminal.type("hello again\r");
    await terminal.waitFor(/After the interrupt\.\n[\s\S]*❯ $/, mark);
    expect(existsSync(target)).toBe(true);
    const last = server.chatRequests.at(-1)!.body!.messages.at(-1)!;
    expect(last).toMatchObject({ role: "user", content: "hello again" });
    terminal.type("\x04");
    expect(await terminal.exited).toBe(0);
  }, 40_000);

  it("a tool file reloaded or failing while the user types is reported above the redrawn prompt", async () => {
    mkdirSync(join(cli.home, "tools"));
    const file = join(cli.home, "tools", "dice.ts");
    writeFileSync(file, dice("Roll dice, first version."));
    await cli.startServer({ replies: [text("one")] });
    terminal = openPty(["chat", "--no-mcp"], cli.env());
    await terminal.waitFor(/❯ $/);
    terminal.type("half typed");
    await terminal.waitFor(/❯ half typed$/);

    let mark = terminal.screen().length;
    writeFileSync(file, dice("Roll dice, edited."));
    await terminal.waitFor(/↻ reloaded roll_dice\n❯ half typed$/, mark);

    mark = terminal.screen().length;
    writeFileSync(file, "this is not typescript (\n");
    await terminal.waitFor(/\[quiver warn\][^\n]*failed to load[\s\S]*\n❯ half typed$/, mark);
    // On the screen, the warning starts its own line: nothing of the prompt is left in front of it.
    expect(terminal.visible()).toMatch(/\n\[quiver warn\] watch: tool file \S+ failed to load/);
    expect(terminal.visible()).not.toMatch(/half typed\s*\[quiver/);

    terminal.type("\x15\x04");
    expect(await terminal.exited).toBe(0);
  }, 40_000);
});
