/**
 * Watches a tool directory and its package folders (`<dir>/<name>/`, the one level below that
 * discovery reads) with one non-recursive directory watch each. Never a watch on a file:
 * inotify follows the inode, so a file watch (and Node 20's recursive watch on Linux, built
 * from them) goes deaf after the first atomic save (write a temp file, rename it over the
 * original: vim, sed -i, emacs, JetBrains). A directory's own watch sees every save style.
 *
 * A watched directory that errors, disappears or is replaced by another one is re-armed as
 * soon as it exists again, and everything in it is reported, so nothing saved meanwhile is missed.
 */
import { readdirSync, statSync, watch, type FSWatcher } from "node:fs";
import { sep } from "node:path";

export interface ToolDirEvents {
  /** Something at `path` (a file or a package folder) was created, written, renamed or deleted. */
  changed(path: string): void;
  /** A directory's watch was lost (`why`) and is being re-armed. */
  lost?(dir: string, why: string): void;
  /** A directory that exists could not be watched (inotify limits, permissions): said once until it can. */
  failed?(dir: string, why: string): void;
}

/** How often a lost tool directory is looked for until it is back. */
const REARM_POLL_MS = 100;

interface Armed {
  watcher: FSWatcher;
  /** The directory's inode when armed: another number means it was replaced. */
  ino: number;
}

export class ToolDirWatch {
  readonly #armed = new Map<string, Armed>();
  readonly #failing = new Set<string>();
  #poll: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(
    readonly root: string,
    private readonly events: ToolDirEvents,
  ) {}

  /** Arms the watches; the entries present now are not reported (the caller has just read them). */
  start(): void {
    this.#armRoot(false);
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#poll);
    for (const { watcher } of this.#armed.values()) watcher.close();
    this.#armed.clear();
  }

  #armRoot(report: boolean): void {
    if (this.#closed) return;
    if (!this.#arm(this.root)) return this.#waitForRoot();
    for (const name of entries(this.root)) {
      const path = this.root + sep + name;
      if (isPackageFolderName(name)) this.#armPackage(path, report);
      if (report) this.events.changed(path);
    }
  }

  #waitForRoot(): void {
    clearTimeout(this.#poll);
    this.#poll = setTimeout(() => this.#armRoot(true), REARM_POLL_MS);
  }

  /** Watches `dir`; false when it is not a directory (now). */
  #arm(dir: string): boolean {
    const ino = directoryInode(dir);
    if (ino === undefined) return false;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, (_event, name) => this.#event(dir, name === null ? null : name.toString()));
    } catch (err) {
      if (!this.#failing.has(dir)) this.events.failed?.(dir, (err as Error).message);
      this.#failing.add(dir);
      return false;
    }
    this.#failing.delete(dir);
    watcher.on("error", (err: Error) => this.#lose(dir, err.message));
    this.#armed.set(dir, { watcher, ino });
    return true;
  }

  #armPackage(dir: string, report: boolean): void {
    if (this.#armed.has(dir) || !this.#arm(dir)) return;
    // Files written before the watch was in place (mkdir then a save, in one go) count too.
    if (report) for (const name of entries(dir)) this.events.changed(dir + sep + name);
  }

  #event(dir: string, name: string | null): void {
    if (this.#closed) return;
    const armed = this.#armed.get(dir);
    if (armed === undefined) return;
    if (directoryInode(dir) !== armed.ino) return this.#lose(dir, "it was deleted, moved or replaced");
    // No name (the platform did not say): everything in the directory may have changed.
    const names = name === null ? entries(dir) : [name];
    for (const entry of names) this.#entryChanged(dir, entry);
  }

  #entryChanged(dir: string, name: string): void {
    const path = dir + sep + name;
    if (dir === this.root && isPackageFolderName(name)) {
      const watched = this.#armed.get(path);
      if (watched !== undefined && directoryInode(path) !== watched.ino) this.#drop(path);
      if (!this.#armed.has(path)) this.#armPackage(path, true);
    }
    this.events.changed(path);
  }

  #lose(dir: string, why: string): void {
    if (this.#closed || !this.#armed.has(dir)) return;
    this.events.lost?.(dir, why);
    if (dir !== this.root) {
      this.#drop(dir);
      this.#armPackage(dir, true);
      return this.events.changed(dir);
    }
    for (const path of [...this.#armed.keys()]) this.#drop(path);
    // Whatever was loaded from the old directory is looked at again (gone, or in its replacement).
    this.events.changed(this.root);
    this.#armRoot(true);
  }

  #drop(dir: string): void {
    this.#armed.get(dir)?.watcher.close();
    this.#armed.delete(dir);
  }
}

/** Folders discovery reads tools from (`<name>/tool.ts`): no dot-folders, no node_modules. */
function isPackageFolderName(name: string): boolean {
  return !name.startsWith(".") && name !== "node_modules";
}

function directoryInode(path: string): number | undefined {
  const stats = statSync(path, { throwIfNoEntry: false });
  return stats?.isDirectory() === true ? stats.ino : undefined;
}

function entries(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
