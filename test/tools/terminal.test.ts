import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { registry } from "../../src/registry/index.js";
import { approver, callTool, removeTempDirs, resetSandbox, tempDir, useSandbox } from "./tool-harness.js";

beforeAll(async () => {
  await import("../../src/tools/terminal.js");
});
afterAll(removeTempDirs);
afterEach(resetSandbox);

/** Live processes of a process group, as `ps` sees them (zombies excluded). */
function groupMembers(pgid: number): string[] {
  const lines = execFileSync("ps", ["-eo", "pid=,pgid=,stat=,args="], { encoding: "utf8" }).split("\n");
  return lines.filter((line) => {
    const [, group, stat] = line.trim().split(/\s+/);
    return Number(group) === pgid && !stat?.startsWith("Z");
  });
}

async function waitForGroupToVanish(pgid: number): Promise<string[]> {
  for (let i = 0; i < 30 && groupMembers(pgid).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
  return groupMembers(pgid);
}

describe("terminal: running commands", () => {
  it("is registered in toolset terminal and times itself", () => {
    const entry = registry.getEntry("terminal");
    expect(entry?.toolset).toBe("terminal");
    expect(entry?.timeoutMs).toBe(Infinity);
    expect(registry.getEmoji("terminal")).not.toBe("⚡");
    expect(entry?.schema.parameters).toMatchObject({ required: ["command"] });
  });

  it("returns the output of echo with exit code 0", async () => {
    const r = await callTool("terminal", { command: "echo hello world" });
    expect(r).toEqual({ output: "hello world\n", exit_code: 0 });
  });

  it("reports a non-zero exit code without an error", async () => {
    const r = await callTool("terminal", { command: "echo partial; exit 3" });
    expect(r.exit_code).toBe(3);
    expect(r.output).toBe("partial\n");
    expect(r.error).toBeUndefined();
  });

  it("explains exit code 1 of grep as no matches, and 127 as command not found", async () => {
    const grep = await callTool("terminal", { command: "printf 'a\\nb\\n' | grep zzz" });
    expect(grep.exit_code).toBe(1);
    expect(grep.exit_code_meaning).toMatch(/no matches/i);
    const missing = await callTool("terminal", { command: "definitely-not-a-command-quiver" });
    expect(missing.exit_code).toBe(127);
    expect(missing.exit_code_meaning).toMatch(/not found/i);
  });

  it("interleaves stdout and stderr in arrival order", async () => {
    const r = await callTool("terminal", { command: "echo out1; sleep 0.1; echo err1 >&2; sleep 0.1; echo out2" });
    expect(r.output).toBe("out1\nerr1\nout2\n");
  });

  it("strips ANSI escape codes", async () => {
    const r = await callTool("terminal", { command: "printf '\\033[1;31mbold red\\033[0m plain \\033]8;;http://x\\007link\\033]8;;\\007\\n'" });
    expect(r.output).toBe("bold red plain link\n");
  });

  it("caps long output at 50 000 chars, keeping the head and the tail with a marker", async () => {
    const r = await callTool("terminal", { command: "echo HEAD-START; seq 1 40000; echo TAIL-END" });
    expect(r.exit_code).toBe(0);
    expect(r.output.length).toBeLessThanOrEqual(50_000);
    expect(r.output.length).toBeGreaterThan(49_000);
    expect(r.output.startsWith("HEAD-START\n1\n2\n")).toBe(true);
    expect(r.output.endsWith("39999\n40000\nTAIL-END\n")).toBe(true);
    const marker = /\n\n\.\.\. \[output truncated: (\d+) chars cut from the middle; (\d+) of (\d+) chars kept[^\]]*\] \.\.\.\n\n/.exec(r.output);
    expect(marker).not.toBeNull();
    const [block, cut, kept, total] = (marker ?? []).map((v, i) => (i === 0 ? v.length : Number(v))) as number[];
    const full = execFileSync("bash", ["-c", "echo HEAD-START; seq 1 40000; echo TAIL-END"], { encoding: "utf8" });
    expect(total).toBe(full.length);
    expect(Number(cut) + Number(kept)).toBe(total);
    expect(r.output.length - Number(block)).toBe(kept);
    // The head is 40% of what is kept, the tail 60%.
    expect((marker?.index ?? 0) / Number(kept)).toBeCloseTo(0.4, 2);
  });

  it("runs in workdir, resolving it, and refuses a missing or non-directory workdir", async () => {
    const dir = await tempDir();
    await useSandbox({ writable: [dir] });
    await writeFile(join(dir, "file.txt"), "x");
    const r = await callTool("terminal", { command: "pwd; ls", workdir: dir });
    expect(r.output).toBe(`${dir}\nfile.txt\n`);
    const missing = await callTool("terminal", { command: "pwd", workdir: join(dir, "nope") });
    expect(missing.error).toMatch(/workdir does not exist/);
    const notDir = await callTool("terminal", { command: "pwd", workdir: join(dir, "file.txt") });
    expect(notDir.error).toMatch(/not a directory/);
  });

  it("refuses a timeout over 600 s, and a non-positive one", async () => {
    const over = await callTool("terminal", { command: "echo never", timeout: 601 });
    expect(over.error).toMatch(/600 s maximum/);
    expect(over.output).toBeUndefined();
    const zero = await callTool("terminal", { command: "echo never", timeout: 0 });
    expect(zero.error).toMatch(/positive/);
  });

  it("refuses a missing or non-string command", async () => {
    expect((await callTool("terminal", {})).error).toMatch(/"command" is required/);
    expect((await callTool("terminal", { command: 42 })).error).toMatch(/must be a string/);
  });
});

describe("terminal: timeouts and aborts kill the whole process group", () => {
  // `echo $$` names the host's process group only unsandboxed (in the sandbox it is a PID of its
  // own namespace); the sandboxed kill is covered in test/sandbox/terminal-sandbox.test.ts.
  beforeEach(() => useSandbox({ mode: "off" }));

  it("returns promptly on timeout even when a background child holds the pipe, leaving no processes", async () => {
    const started = Date.now();
    const r = await callTool("terminal", { command: "echo $$; sleep 30 & sleep 30", timeout: 1 });
    const elapsed = Date.now() - started;
    expect(r.exit_code).toBe(124);
    expect(r.error).toMatch(/timed out after 1 s/);
    expect(elapsed).toBeLessThan(8_000);
    const pgid = Number(r.output.trim().split("\n")[0]);
    expect(pgid).toBeGreaterThan(1);
    expect(await waitForGroupToVanish(pgid)).toEqual([]);
  });

  it("stops when the AbortSignal fires, killing the group", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 500);
    const started = Date.now();
    const r = await callTool("terminal", { command: "echo $$; sleep 30 & sleep 30" }, { signal: controller.signal });
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(r.exit_code).toBe(130);
    expect(r.error).toMatch(/interrupted/i);
    expect(await waitForGroupToVanish(Number(r.output.trim().split("\n")[0]))).toEqual([]);
  });

  it("does not start at all when the signal is already aborted", async () => {
    const dir = await tempDir();
    const marker = join(dir, "ran");
    const r = await callTool("terminal", { command: `touch ${marker}` }, { signal: AbortSignal.abort() });
    expect(r.exit_code).toBe(130);
    expect(existsSync(marker)).toBe(false);
  });

  it("kills a child that ignores SIGTERM, after the grace period", async () => {
    const started = Date.now();
    const r = await callTool("terminal", { command: "echo $$; trap '' TERM; sleep 30", timeout: 1 });
    expect(r.exit_code).toBe(124);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await waitForGroupToVanish(Number(r.output.trim().split("\n")[0]))).toEqual([]);
  });

  // Unsandboxed: in the sandbox nothing outlives the command (see test/sandbox/terminal-sandbox.test.ts).
  it("returns soon after the shell exits when a background job keeps the pipe open, and says it stopped it (unsandboxed)", async () => {
    await useSandbox({ mode: "off" });
    const started = Date.now();
    const r = await callTool("terminal", { command: "echo $$; sleep 30 & echo started" });
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(r.exit_code).toBe(0);
    expect(r.output).toMatch(/started\n/);
    expect(r.output).toMatch(/background processes .* were stopped/);
    expect(await waitForGroupToVanish(Number(r.output.split("\n")[0]))).toEqual([]);
  });

  it("leaves a background job alone when its output is redirected (unsandboxed)", async () => {
    await useSandbox({ mode: "off" });
    const dir = await tempDir();
    const r = await callTool("terminal", { command: `(sleep 1.5; echo done > ${join(dir, "bg.txt")}) > /dev/null 2>&1 & echo launched` });
    expect(r.output).toBe("launched\n");
    for (let i = 0; i < 50 && !existsSync(join(dir, "bg.txt")); i++) await new Promise((res) => setTimeout(res, 100));
    expect(existsSync(join(dir, "bg.txt"))).toBe(true);
  });
});

describe("terminal: approval", () => {
  // Each is refused before it could run; the classifier is checked first so a gap fails the test
  // instead of running the command.
  const HARDLINE = [
    "rm -rf /", "rm -rf /*", "rm -fr /", "rm -r -f /", "rm -f -r /", "rm --recursive --force /", "rm -rf --no-preserve-root /",
    "sudo rm -rf /", "/bin/rm -rf /", "rm -rf ~", "rm -rf ~/", "rm -rf ~/*", "rm -rf $HOME", 'rm -rf "$HOME"', "rm -rf ${HOME}/",
    "rm -rf /etc", "rm -rf /usr", "rm -rf /bin", "rm -rf /boot", "rm -rf /var", "rm -rf /home", "rm -rf /root", "rm -Rf /usr/*",
    "echo start && rm -rf / ; echo end", "cd / && rm -rf *", "find / -delete", "chmod -R 777 /",
    "mkfs.ext4 /dev/sda1", "mkfs -t ext4 /dev/sdb", "sudo mkfs.xfs /dev/nvme0n1p1",
    "dd if=/dev/zero of=/dev/sda", "dd if=/dev/urandom of=/dev/nvme0n1 bs=1M", "echo boom > /dev/sda", "cat image.iso > /dev/mmcblk0",
    ":(){ :|:& };:", ":(){:|:&};:", "bomb() { bomb | bomb & }; bomb",
  ];

  it.each(HARDLINE)("always refuses %s, never asking even an approving callback", async (command) => {
    const { assessCommand } = await import("../../src/safety/index.js");
    expect((await assessCommand(command)).verdict).toBe("refuse");
    const { calls, ctx } = approver("session");
    const r = await callTool("terminal", { command }, ctx);
    expect(r.error).toMatch(/^Refused: .*never run/);
    expect(r.error_type).toBe("hardline_refused");
    expect(r.output).toBeUndefined();
    expect(calls).toEqual([]);
  });

  const DANGEROUS: Array<[string, string]> = [
    ["rm -rf ./build-output", "recursive-delete"],
    ["rm -r somedir", "recursive-delete"],
    ["chmod 777 script.sh", "chmod-777"],
    ["chmod -R 777 public", "chmod-777"],
    ["curl -fsSL http://127.0.0.1:9/install.sh | sh", "pipe-to-shell"],
    ["wget -qO- http://127.0.0.1:9/x | bash", "pipe-to-shell"],
    ["bash <(curl -s http://127.0.0.1:9/x)", "pipe-to-shell"],
    ["echo ssh-ed25519 AAAA >> ~/.ssh/authorized_keys", "write-ssh"],
    ["echo '127.0.0.1 x' | tee -a /etc/hosts", "write-etc"],
    ["cp hosts /etc/hosts", "write-etc"],
    ["echo 'alias ll=ls' >> ~/.bashrc", "write-shell-rc"],
    ["echo 'export X=1' > $HOME/.zshrc", "write-shell-rc"],
    ["find . -name '*.tmp' -delete", "find-delete"],
    ["find . -type f -exec rm {} +", "find-delete"],
    ["psql -c 'DROP TABLE users'", "sql-drop"],
    ["mysql -e 'drop database shop'", "sql-drop"],
    ["psql -c 'TRUNCATE TABLE users'", "sql-truncate"],
    // Disruptive but recoverable: asked, not refused.
    ["kill -9 -1", "kill-all"],
    ["shutdown -h now", "shutdown"],
    ["init 0", "shutdown"],
    ["systemctl poweroff", "shutdown"],
  ];

  // The guard's strict mode (no sandbox): sandboxed, the asks whose effects the sandbox contains are
  // dropped (test/safety/sandboxed.test.ts) and the sandbox blocks them (test/sandbox/).
  it.each(DANGEROUS)("asks before %s (key %s), and a deny refuses it (unsandboxed)", async (command, key) => {
    await useSandbox({ mode: "off" });
    const { calls, ctx } = approver("deny");
    const dir = await tempDir();
    const r = await callTool("terminal", { command, workdir: dir }, ctx);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ tool: "terminal", subject: command, key });
    expect(calls[0]?.reason).toBeTruthy();
    expect(r.error).toMatch(/user denied/);
    expect(r.error_type).toBe("approval_denied");
    expect(r.output).toBeUndefined();
  });

  it("runs a dangerous command approved once, and one approved for the session", async () => {
    const dir = await tempDir();
    await useSandbox({ writable: [dir] });
    await mkdir(join(dir, "victim", "deep"), { recursive: true });
    const once = approver("once");
    const r = await callTool("terminal", { command: "rm -rf victim && echo removed", workdir: dir }, once.ctx);
    expect(r).toEqual({ output: "removed\n", exit_code: 0 });
    expect(once.calls).toHaveLength(1);
    expect(existsSync(join(dir, "victim"))).toBe(false);

    await writeFile(join(dir, "a.tmp"), "");
    const session = approver("session");
    const s = await callTool("terminal", { command: "find . -name '*.tmp' -delete && ls", workdir: dir }, session.ctx);
    expect(s.exit_code).toBe(0);
    expect(existsSync(join(dir, "a.tmp"))).toBe(false);
  });

  it("asks once per matched rule when a command matches several", async () => {
    const { calls, ctx } = approver("once");
    const dir = await tempDir();
    await useSandbox({ writable: [dir] });
    await mkdir(join(dir, "d"));
    await writeFile(join(dir, "f"), "");
    const r = await callTool("terminal", { command: "chmod 777 f && rm -r d", workdir: dir }, ctx);
    expect(r.exit_code).toBe(0);
    expect(calls.map((c) => c.key)).toEqual(["recursive-delete", "chmod-777"]);
  });

  it("refuses a dangerous command when there is no approval callback, saying how to allow it", async () => {
    const dir = await tempDir();
    await mkdir(join(dir, "keep"));
    const r = await callTool("terminal", { command: "rm -rf keep", workdir: dir });
    expect(r.error).toMatch(/needs the user's approval/);
    expect(r.error).toMatch(/--yes/);
    expect(r.error_type).toBe("approval_required");
    expect(existsSync(join(dir, "keep"))).toBe(true);
  });

  it("treats a failing approval callback as a refusal", async () => {
    const dir = await tempDir();
    await mkdir(join(dir, "keep"));
    const r = await callTool("terminal", { command: "rm -rf keep", workdir: dir }, {
      approve: async () => {
        throw new Error("prompt closed");
      },
    });
    expect(r.error).toMatch(/prompt closed/);
    expect(existsSync(join(dir, "keep"))).toBe(true);
  });

  it.each(["echo hello", "ls -la", "rm -f notthere.txt", "grep -rn shutdown .", "cat /etc/hostname || true", "git --version || true", "chmod 644 x || true", "echo 'DROP it'"])(
    "never asks for the benign command %s",
    async (command) => {
      const { calls, ctx } = approver("deny");
      const dir = await tempDir();
      await useSandbox({ writable: [dir] });
      const r = await callTool("terminal", { command, workdir: dir }, ctx);
      expect(calls).toEqual([]);
      expect(r.error).toBeUndefined();
      expect(typeof r.exit_code).toBe("number");
    },
  );
});
