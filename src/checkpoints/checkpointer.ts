/**
 * What the agent, `tools call` and `serve` hold: takes a checkpoint before a write and never
 * fails the call it guards. A missing git, or a project too big to snapshot in time, is
 * reported once and checkpoints stay off (for that project) from then on.
 */
import { GitMissingError, GitTimeoutError } from "./git.js";
import { callSubject } from "./records.js";
import { openProject, projectFor, takeCheckpoint, type StoreOptions, type TakenCheckpoint } from "./store.js";

export interface CheckpointerOptions extends StoreOptions {
  /** `checkpoints.enabled` in config.yaml (default true). */
  enabled?: boolean;
  /** Where the once-only warnings go (default stderr). */
  warn?: (message: string) => void;
  /** The working directory, read at each checkpoint (default `process.cwd()`: `/cd` moves it). */
  cwd?: () => string;
}

export interface CheckpointCall {
  tool: string;
  args: unknown;
  sessionId?: string;
}

export class Checkpointer {
  readonly #opts: CheckpointerOptions;
  #gitMissing = false;
  readonly #tooBig = new Set<string>();
  readonly #failedOnce = new Set<string>();

  constructor(opts: CheckpointerOptions = {}) {
    this.#opts = opts;
  }

  get enabled(): boolean {
    return this.#opts.enabled !== false && !this.#gitMissing;
  }

  /** A checkpoint of the project before `call` writes; undefined when off or failed (already reported). */
  async take(call: CheckpointCall): Promise<TakenCheckpoint | undefined> {
    if (!this.enabled) return undefined;
    const project = projectFor(this.#opts.cwd?.() ?? process.cwd());
    if (this.#tooBig.has(project)) return undefined;
    try {
      const repo = await openProject(project, this.#opts);
      const trigger = { tool: call.tool, subject: callSubject(call.args) };
      return await takeCheckpoint(repo, { trigger, ...(call.sessionId === undefined ? {} : { sessionId: call.sessionId }) }, this.#opts);
    } catch (err) {
      this.#report(project, err);
      return undefined;
    }
  }

  #report(project: string, err: unknown): void {
    const warn = this.#opts.warn ?? ((message: string) => void process.stderr.write(`quiver: ${message}\n`));
    if (err instanceof GitMissingError) {
      this.#gitMissing = true;
      warn(err.message);
      return;
    }
    if (err instanceof GitTimeoutError) {
      this.#tooBig.add(project);
      warn(`${project} is too big to checkpoint in reasonable time (${err.message}); this session goes on without checkpoints for it, so its turns cannot be undone. Add large directories to .gitignore to enable them.`);
      return;
    }
    if (this.#failedOnce.has(project)) return;
    this.#failedOnce.add(project);
    warn(`could not checkpoint ${project} (the call goes on without one; undo will not cover it): ${err instanceof Error ? err.message : String(err)}`);
  }
}
