/**
 * Resources registered like tools (`registry.registerResource`): fixed URIs and URI templates,
 * read by `quiver serve` for its clients. Subscribers of a URI hear when it changes: the
 * handle's `notifyUpdated()`, or the resource's `file` changing on disk (polled only while
 * someone is subscribed).
 */
import { statSync } from "node:fs";
import { withCaller } from "./caller.js";
import { ChangeSignal } from "./change-signal.js";
import { createLogger } from "./logger.js";
import { describeError } from "./describe-error.js";
import { compileUriTemplate, type UriTemplate } from "./uri-template.js";
import type { CompleteFn, RegisterResourceOptions, ResourceHandle, ResourceItem, ResourceReadContext, ResourceReadResult } from "./types.js";

const log = createLogger("registry");

/** How often a subscribed resource's file is looked at. */
const FILE_POLL_MS = 200;

export interface ResourceEntry {
  /** The uri, or the uriTemplate. */
  readonly key: string;
  readonly uri: string | undefined;
  readonly template: UriTemplate | undefined;
  readonly name: string;
  readonly title: string | undefined;
  readonly description: string | undefined;
  readonly mimeType: string | undefined;
  readonly file: string | undefined;
  readonly complete: Readonly<Record<string, CompleteFn>>;
  readonly read: RegisterResourceOptions["read"];
}

/** Contents as served: `uri` filled in, binary as base64. */
export type ServedResourceItem = { uri: string; mimeType?: string; text: string } | { uri: string; mimeType?: string; blob: string };

/** No registered resource answers this URI. */
export class ResourceNotFoundError extends Error {
  constructor(readonly uri: string) {
    super(`Resource not found: ${uri} (no registered resource or template matches it; see \`quiver tools list\`)`);
    this.name = "ResourceNotFoundError";
  }
}

export class ResourceCatalog extends ChangeSignal {
  readonly #fixed = new Map<string, ResourceEntry>();
  readonly #templates = new Map<string, ResourceEntry>();
  readonly #subscribers = new Map<string, Set<(uri: string) => void>>();
  /** Told of every update, whoever subscribed (2026-07-28 listen streams filter by URI themselves). */
  readonly #everyUpdate = new Set<(uri: string) => void>();
  readonly #polled = new Map<string, { uri: string; timer: NodeJS.Timeout }>(); // file → its poll, for the uri subscribed
  /** Adds (or replaces: a reloaded file registers again) a resource; throws a TypeError on an authoring mistake. */
  register(opts: RegisterResourceOptions): ResourceHandle {
    const entry = makeResourceEntry(opts);
    const table = entry.template === undefined ? this.#fixed : this.#templates;
    if (table.has(entry.key)) log.debug(`resource ${entry.key} registered again: the new one replaces it`);
    table.set(entry.key, entry);
    this.changed();
    return {
      key: entry.key,
      notifyUpdated: (uri) => this.notifyUpdated(uri ?? entry.uri ?? entry.key),
      remove: () => {
        if (table.get(entry.key) !== entry) return;
        table.delete(entry.key);
        this.changed();
      },
    };
  }

  /** Fixed resources, by URI. */
  list(): ResourceEntry[] {
    return [...this.#fixed.values()].sort((a, b) => a.key.localeCompare(b.key));
  }

  templates(): ResourceEntry[] {
    return [...this.#templates.values()].sort((a, b) => a.key.localeCompare(b.key));
  }

  get size(): number {
    return this.#fixed.size + this.#templates.size;
  }

  /** The entry answering `uri`: an exact fixed URI first, then the first template (in key order) that matches. */
  resolve(uri: string): { entry: ResourceEntry; variables: Record<string, string> } | undefined {
    const fixed = this.#fixed.get(uri);
    if (fixed !== undefined) return { entry: fixed, variables: {} };
    for (const entry of this.templates()) {
      const variables = entry.template!.match(uri);
      if (variables !== undefined) return { entry, variables };
    }
    return undefined;
  }

  /**
   * Reads `uri` with a tool's ctx (the caller channels `ctx` lacks refuse at once); throws
   * ResourceNotFoundError when nothing answers it, and what `read` throws.
   */
  async read(uri: string, ctx: ResourceReadContext = {}): Promise<ServedResourceItem[]> {
    const found = this.resolve(uri);
    if (found === undefined) throw new ResourceNotFoundError(uri);
    let parsed: URL;
    try {
      parsed = new URL(uri);
    } catch {
      throw new ResourceNotFoundError(uri);
    }
    const result = await found.entry.read(parsed, found.variables, withCaller(ctx));
    return normalizeContents(result, uri, found.entry.mimeType);
  }

  /** Completions of template variable `name` for the template `key`. */
  async complete(key: string, name: string, value: string, args: Record<string, string>): Promise<readonly string[]> {
    const fn = this.#templates.get(key)?.complete[name];
    return fn === undefined ? [] : await fn(value, { arguments: args });
  }

  /** Calls `listener(uri)` whenever `uri` changes; returns the unsubscribe function. */
  subscribe(uri: string, listener: (uri: string) => void): () => void {
    let set = this.#subscribers.get(uri);
    if (set === undefined) this.#subscribers.set(uri, (set = new Set()));
    set.add(listener);
    this.#pollFileOf(uri);
    return () => {
      set.delete(listener);
      if (set.size > 0) return;
      this.#subscribers.delete(uri);
      for (const [file, poll] of this.#polled) if (poll.uri === uri) (clearInterval(poll.timer), this.#polled.delete(file));
    };
  }

  /** Calls `listener(uri)` on every `notifyUpdated` of any resource; returns the unsubscribe function. */
  onUpdated(listener: (uri: string) => void): () => void {
    this.#everyUpdate.add(listener);
    return () => this.#everyUpdate.delete(listener);
  }

  notifyUpdated(uri: string): void {
    for (const listener of [...(this.#subscribers.get(uri) ?? []), ...this.#everyUpdate]) {
      try {
        listener(uri);
      } catch (err) {
        log.error(`resource update listener for ${uri} threw: ${describeError(err)}`);
      }
    }
  }

  #pollFileOf(uri: string): void {
    const file = this.resolve(uri)?.entry.file;
    if (file === undefined || this.#polled.has(file)) return;
    // The baseline is taken now, synchronously: a change right after subscribing is not missed.
    let last = fingerprint(file);
    const timer = setInterval(() => {
      const now = fingerprint(file);
      if (now === last) return;
      last = now;
      this.notifyUpdated(uri);
    }, FILE_POLL_MS);
    timer.unref();
    this.#polled.set(file, { uri, timer });
  }
}

/** What changes when the file does (an atomic save replaces the inode); "" while it is missing. */
function fingerprint(file: string): string {
  const st = statSync(file, { throwIfNoEntry: false });
  return st === undefined ? "" : `${st.ino}:${st.size}:${st.mtimeMs}`;
}

function makeResourceEntry(opts: RegisterResourceOptions): ResourceEntry {
  if (typeof opts !== "object" || opts === null) throw new TypeError("registerResource: pass { uri | uriTemplate, name, read }");
  const label = typeof opts.uri === "string" ? opts.uri : typeof opts.uriTemplate === "string" ? opts.uriTemplate : "(no uri)";
  const fail = (what: string): never => {
    throw new TypeError(`registerResource ${label}: ${what}`);
  };
  if ((opts.uri === undefined) === (opts.uriTemplate === undefined)) fail("give exactly one of uri and uriTemplate");
  if (typeof opts.name !== "string" || opts.name.trim() === "") fail("name must be a non-empty string");
  if (typeof opts.read !== "function") fail("read must be a function (uri, variables, ctx) => contents");
  for (const field of ["title", "description", "mimeType", "file"] as const) {
    if (opts[field] !== undefined && typeof opts[field] !== "string") fail(`${field} must be a string`);
  }
  let template: UriTemplate | undefined;
  if (opts.uriTemplate !== undefined) {
    if (typeof opts.uriTemplate !== "string") fail("uriTemplate must be a string");
    try {
      template = compileUriTemplate(opts.uriTemplate);
    } catch (err) {
      fail((err as Error).message);
    }
  } else if (typeof opts.uri !== "string" || !URL.canParse(opts.uri)) {
    fail("uri must be an absolute URI such as file:///notes.md or app://config");
  }
  const complete = opts.complete ?? {};
  for (const [name, fn] of Object.entries(complete)) {
    if (template === undefined || !template.variables.includes(name)) fail(`complete.${name}: not a variable of the uriTemplate`);
    if (typeof fn !== "function") fail(`complete.${name} must be a function`);
  }
  return {
    key: (opts.uri ?? opts.uriTemplate)!,
    uri: opts.uri,
    template,
    name: opts.name,
    title: opts.title,
    description: opts.description,
    mimeType: opts.mimeType,
    file: opts.file,
    complete,
    read: opts.read,
  };
}

/** What `read` returned, as a list of served items; anything else is an error naming the URI. */
export function normalizeContents(result: ResourceReadResult, uri: string, mimeType: string | undefined): ServedResourceItem[] {
  const items: readonly unknown[] = Array.isArray(result) ? result : [result];
  return items.map((item) => normalizeItem(item, uri, mimeType));
}

function normalizeItem(item: unknown, uri: string, mimeType: string | undefined): ServedResourceItem {
  const mime = (m: unknown) => (typeof m === "string" ? { mimeType: m } : mimeType !== undefined ? { mimeType } : {});
  if (typeof item === "string") return { uri, ...mime(undefined), text: item };
  if (item instanceof Uint8Array) return { uri, ...mime(undefined), blob: Buffer.from(item).toString("base64") };
  if (typeof item === "object" && item !== null) {
    const r = item as Partial<ResourceItem> & Record<string, unknown>;
    const itemUri = typeof r.uri === "string" ? r.uri : uri;
    if (typeof r.text === "string") return { uri: itemUri, ...mime(r.mimeType), text: r.text };
    if (typeof r.blob === "string") return { uri: itemUri, ...mime(r.mimeType), blob: r.blob };
    if (r.blob instanceof Uint8Array) return { uri: itemUri, ...mime(r.mimeType), blob: Buffer.from(r.blob).toString("base64") };
  }
  throw new TypeError(`resource ${uri}: read returned ${describeValue(item)}; return a string, bytes, or { text } / { blob } items`);
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (typeof value !== "object") return typeof value;
  return `an object with keys ${JSON.stringify(Object.keys(value).slice(0, 5))}`;
}
