/**
 * A bare `quiver chat --resume`: this directory's sessions (every directory's with --any-dir),
 * numbered, and the user types the number of the one to continue. Without a terminal nobody can
 * pick, so it says how to name one instead.
 */
import { createInterface } from "node:readline/promises";
import { listSessions } from "../agent/index.js";
import { CliError } from "./exit-codes.js";
import { formatSessionTable } from "./sessions.js";

const SHOWN = 20;

export async function pickSession(anyDir: boolean): Promise<string> {
  const cwd = process.cwd();
  const sessions = listSessions({ limit: SHOWN, ...(anyDir ? {} : { cwd }) });
  const where = anyDir ? "" : ` started in ${cwd}`;
  if (sessions.length === 0) {
    throw new CliError(`--resume: there is no saved session${where}. ${anyDir ? "Start one with `quiver chat`." : "`quiver chat --resume --any-dir` lists every directory's."}`);
  }
  const table = formatSessionTable(sessions, undefined, { numbered: true, showDir: anyDir });
  if (process.stdin.isTTY !== true || process.stderr.isTTY !== true) {
    throw new CliError(`--resume without an id needs a terminal to pick on. Name the session instead: quiver chat --resume <id>\nSessions${where}:\n${table}`);
  }
  process.stderr.write(`Sessions${where}:\n${table}\n`);
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = (await rl.question(`Resume which? [1-${sessions.length}, Enter for 1] `)).trim();
    const n = answer === "" ? 1 : Number(answer);
    const chosen = Number.isInteger(n) ? sessions[n - 1] : undefined;
    if (chosen === undefined) throw new CliError(`--resume: "${answer}" is not one of 1-${sessions.length}; nothing resumed.`);
    return chosen.id;
  } finally {
    rl.close();
  }
}
