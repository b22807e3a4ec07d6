/** The REPL's input history, kept across sessions in `$QUIVER_HOME/chat_history` (one entry per line). */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

const KEEP = 1000;

export class InputHistory {
  readonly #path: string;
  #broken = false;

  constructor(path: string) {
    this.#path = path;
  }

  /** Entries newest first, as readline wants them; empty when there is no file yet. */
  load(): string[] {
    let lines: string[];
    try {
      lines = readFileSync(this.#path, "utf8").split("\n").filter((line) => line.trim() !== "");
    } catch {
      return [];
    }
    const kept = lines.slice(-KEEP);
    // Appends only grow the file; cut it back now and then.
    if (lines.length > 2 * KEEP) this.#rewrite(kept);
    return kept.reverse();
  }

  #rewrite(lines: string[]): void {
    try {
      writeFileSync(this.#path, lines.map((line) => `${line}\n`).join(""), { mode: 0o600 });
    } catch {
      this.#broken = true;
    }
  }

  add(line: string): void {
    if (this.#broken || line.includes("\n")) return;
    try {
      mkdirSync(dirname(this.#path), { recursive: true, mode: 0o700 });
      appendFileSync(this.#path, `${line}\n`, { mode: 0o600 });
    } catch {
      // A read-only home must not break the chat; history just stays in memory.
      this.#broken = true;
    }
  }
}
