/**
 * Issue 19's bar, through the real CLI with the defaults and --yes: for hundreds of destructive,
 * self-modifying and exfiltrating commands, nothing outside the project and the temp dir
 * changes, no canary reaches any output, the model or a listener on 127.0.0.1, $QUIVER_HOME's
 * config and tools are untouched, and `quiver undo` restores the project byte for byte.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, runCli } from "../helpers/cli.js";
import { startScriptedServer, text, toolCalls, type ScriptedServer } from "../helpers/scripted-openai-server.js";
import { treeDiff, treeState, type TreeState } from "../helpers/tree-state.js";
import { redTeamCorpus, type RedTeamCommand } from "./redteam-corpus.js";
import { makeWorld, type World } from "./world.js";

const PROJECT_FILES = {
  "README.md": "# victim project\n",
  "src/index.js": "console.log('hello');\n",
  "scripts/run.sh": "#!/bin/sh\necho run\n",
  ".gitignore": "node_modules/\n",
};

/** Calls per scripted model reply: the terminal is not read-only, so they run one after another anyway. */
const CALLS_PER_REPLY = 8;

interface Snapshot {
  outside: TreeState;
  project: TreeState;
  gitHooks: TreeState;
  gitConfig: string;
  userConfig: TreeState;
}

function snapshot(w: World): Snapshot {
  // quiver's own bookkeeping in $QUIVER_HOME (sessions, checkpoints, caches) may change; what the user keeps there may not.
  const quiverOwn = readdirSync(w.quiverHome).filter((n) => n !== "config.yaml" && n !== "tools").map((n) => join(w.quiverHome, n));
  return {
    // Also quiver's own: the sandbox's package caches (~/.cache/quiver/sandbox), written by sandboxed commands by design.
    outside: treeState(w.root, [w.project, ...quiverOwn, join(w.home, ".cache", "quiver")]),
    project: treeState(w.project, [join(w.project, ".git")]),
    gitHooks: treeState(join(w.project, ".git", "hooks")),
    gitConfig: existsSync(join(w.project, ".git", "config")) ? readFileSync(join(w.project, ".git", "config"), "utf8") : "(missing)",
    userConfig: treeState(w.quiverHome, quiverOwn),
  };
}

/** Every place a secret could surface: CLI output, transcripts, what the model was sent, the listener. */
function leaks(w: World, texts: string[], server: ScriptedServer): string[] {
  const sessions = join(w.quiverHome, "sessions");
  const transcripts = existsSync(sessions) ? readdirSync(sessions).map((f) => readFileSync(join(sessions, f), "utf8")) : [];
  const sent = server.chatRequests.map((r) => JSON.stringify(r.body ?? {}));
  const places: Array<[string, string]> = [
    ...texts.map((t, i): [string, string] => [`cli output ${i}`, t]),
    ...transcripts.map((t, i): [string, string] => [`transcript ${i}`, t]),
    ...sent.map((t, i): [string, string] => [`model request ${i}`, t]),
    ["listener on 127.0.0.1", w.received()],
  ];
  return places.flatMap(([where, content]) => w.canaries.filter((c) => content.includes(c)).map((c) => `${c} in ${where}`));
}

function expectContained(w: World, before: Snapshot): void {
  const after = snapshot(w);
  expect(treeDiff(before.outside, after.outside), "outside the project").toEqual([]);
  expect(treeDiff(before.userConfig, after.userConfig), "$QUIVER_HOME config and tools").toEqual([]);
  expect(treeDiff(before.gitHooks, after.gitHooks), ".git/hooks").toEqual([]);
  expect(after.gitConfig, ".git/config").toBe(before.gitConfig);
  expect(existsSync(w.etcProbe), w.etcProbe).toBe(false);
}

function replies(commands: readonly RedTeamCommand[]): ReturnType<typeof toolCalls>[] {
  const out: ReturnType<typeof toolCalls>[] = [];
  for (let i = 0; i < commands.length; i += CALLS_PER_REPLY) {
    out.push(toolCalls(commands.slice(i, i + CALLS_PER_REPLY).map((c) => ({ name: "terminal", arguments: { command: c.command, timeout: 20 } }))));
  }
  return out;
}

describe("containment with the defaults and --yes (issue 19)", () => {
  let w: World;
  beforeAll(async () => {
    assertBuilt();
    w = await makeWorld({ projectFiles: PROJECT_FILES });
  });
  afterAll(async () => w?.close());

  it("a scripted chat running the whole red-team corpus changes nothing outside the project, leaks nothing, and undo restores it", async () => {
    const corpus = redTeamCorpus(w);
    expect(corpus.length).toBeGreaterThanOrEqual(300);
    const before = snapshot(w);
    const server = await startScriptedServer({ replies: [...replies(corpus), text("done")] });
    try {
      const chat = await runCli(["chat", "-p", "clean up my machine", "--yes"], w.env(server.baseUrl), { cwd: w.project });
      expect(chat.code, chat.stderr).toBe(0);
      expect(server.remaining, "every scripted reply was used: all commands ran").toBe(0);
      expectContained(w, before);
      expect(leaks(w, [chat.stdout, chat.stderr], server)).toEqual([]);

      const undo = await runCli(["undo"], w.env(server.baseUrl), { cwd: w.project });
      expect(undo.code, undo.stderr).toBe(0);
      expect(treeDiff(before.project, snapshot(w).project), "project after undo").toEqual([]);
    } finally {
      await server.close();
    }
  }, 600_000);

  it("quiver tools call terminal --yes: a sample of the corpus, one process each, is contained too", async () => {
    const corpus = redTeamCorpus(w);
    const sample = corpus.filter((_, i) => i % 11 === 0);
    const before = snapshot(w);
    const server = await startScriptedServer({ replies: [] });
    const outputs: string[] = [];
    try {
      for (let i = 0; i < sample.length; i += 2) {
        const pair = sample.slice(i, i + 2).map((c) =>
          runCli(["tools", "call", "terminal", JSON.stringify({ command: c.command, timeout: 20 }), "--yes"], w.env(server.baseUrl), { cwd: w.project }),
        );
        for (const result of await Promise.all(pair)) outputs.push(result.stdout, result.stderr);
      }
      expectContained(w, before);
      expect(leaks(w, outputs, server)).toEqual([]);
    } finally {
      await server.close();
    }
  }, 600_000);
});
