/**
 * Issue 19's other bar: ordinary development commands run in the sandbox with no prompt. A
 * scripted `chat -p` without --yes and without a TTY (so anything that asks comes back as
 * approval_required) runs ~100 of them in a small node/python/make project; ≥ 98% must run
 * without asking, without being blocked, and succeed.
 */
import { cpSync, mkdirSync, symlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, runCli } from "../helpers/cli.js";
import { startScriptedServer, text, toolCalls } from "../helpers/scripted-openai-server.js";
import { devCommands } from "./redteam-corpus.js";
import { makeWorld, type World } from "./world.js";

/** TypeScript, copied into the project as a devDependency would be (the repo itself may sit in the host's /tmp, which the sandbox hides). */
function installTypeScript(project: string): void {
  cpSync(resolve(import.meta.dirname, "../../node_modules/typescript"), join(project, "node_modules", "typescript"), { recursive: true });
  mkdirSync(join(project, "node_modules", ".bin"));
  symlinkSync("../typescript/bin/tsc", join(project, "node_modules", ".bin", "tsc"));
}

const PROJECT_FILES: Record<string, string> = {
  "README.md": "# app\nhello world\nlast line\n",
  "package.json": JSON.stringify({ name: "app", version: "1.0.0", scripts: { build: "node scripts/build.js", test: "node --test" } }, null, 2),
  "scripts/build.js": "require('fs').mkdirSync('dist',{recursive:true}); require('fs').writeFileSync('dist/out.js','//built'); console.log('built');\n",
  "scripts/run.sh": "#!/bin/sh\necho run\n",
  "src/index.js": "// TODO: more\nconsole.log('hello');\n",
  "tool.py": "print('tool ok')\n",
  "Makefile": "all:\n\t@echo made\ntest:\n\t@echo tested\nclean:\n\t@echo cleaned\n",
  "data.txt": "a,1\nb,2\na,3\n",
  "test/basic.test.js": "const t=require('node:test'); t('ok',()=>{});\n",
  ".gitignore": "node_modules/\ndist/\n",
};

interface Outcome {
  command: string;
  result: string;
}

describe("ordinary development commands in the sandbox (issue 19)", () => {
  let w: World;
  beforeAll(async () => {
    assertBuilt();
    w = await makeWorld({
      projectFiles: PROJECT_FILES,
      config: (port) => `sandbox:\n  network:\n    allow: ["127.0.0.1:${port}"]\n`,
    });
  });
  afterAll(async () => w?.close());

  it("≥ 98% run with no prompt, unblocked, and succeed", async () => {
    installTypeScript(w.project);
    const commands = [...devCommands(w.port), "npx --no-install tsc --version", "npx tsc --noEmit --allowJs src/index.js"];
    const server = await startScriptedServer({
      replies: [...commands.map((command) => toolCalls([{ name: "terminal", arguments: { command, timeout: 60 } }])), text("done")],
    });
    try {
      const chat = await runCli(["chat", "-p", "work on the project"], w.env(server.baseUrl), { cwd: w.project });
      expect(chat.code, chat.stderr).toBe(0);
      const outcomes: Outcome[] = server.chatRequests.slice(1).map((request, i) => ({
        command: commands[i]!,
        result: String(request.body?.messages.at(-1)?.content ?? ""),
      }));
      expect(outcomes).toHaveLength(commands.length);
      const failed = outcomes.filter(({ result }) => /approval_required|sandbox_blocked|"exit_code":(?!0[,}])/.test(result));
      const share = 1 - failed.length / outcomes.length;
      expect(share, failed.map((f) => `${f.command}\n  → ${f.result.slice(0, 300)}`).join("\n")).toBeGreaterThanOrEqual(0.98);
    } finally {
      await server.close();
    }
  }, 300_000);
});
