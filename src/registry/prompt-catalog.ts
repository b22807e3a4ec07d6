/**
 * Prompts registered like tools (`registry.registerPrompt`): named message templates with
 * arguments, got by `quiver serve`'s clients (prompts/get) and completed argument by argument.
 */
import { withCaller } from "./caller.js";
import { ChangeSignal } from "./change-signal.js";
import { createLogger } from "./logger.js";
import type { PromptArgument, PromptContent, PromptGetResult, PromptHandle, PromptMessage, RegisterPromptOptions, ResourceReadContext } from "./types.js";

const log = createLogger("registry");
const PROMPT_NAME = /^[A-Za-z0-9_.\-/]+$/;

export interface PromptEntry {
  readonly name: string;
  readonly title: string | undefined;
  readonly description: string | undefined;
  readonly arguments: readonly PromptArgument[];
  readonly get: RegisterPromptOptions["get"];
}

/** A message as served: MCP content blocks only. */
export type ServedPromptContent = Exclude<PromptContent, { type: "image_url" }>;
export interface ServedPrompt {
  description?: string;
  messages: { role: "user" | "assistant"; content: ServedPromptContent }[];
}

/** prompts/get named no registered prompt, or left out a required argument. */
export class PromptError extends Error {
  constructor(message: string, readonly kind: "not-found" | "invalid-arguments") {
    super(message);
    this.name = "PromptError";
  }
}

export class PromptCatalog extends ChangeSignal {
  readonly #prompts = new Map<string, PromptEntry>();
  /** Adds (or replaces, as a reloaded file does) a prompt; throws a TypeError on an authoring mistake. */
  register(opts: RegisterPromptOptions): PromptHandle {
    const entry = makePromptEntry(opts);
    if (this.#prompts.has(entry.name)) log.debug(`prompt ${entry.name} registered again: the new one replaces it`);
    this.#prompts.set(entry.name, entry);
    this.changed();
    return {
      name: entry.name,
      remove: () => {
        if (this.#prompts.get(entry.name) !== entry) return;
        this.#prompts.delete(entry.name);
        this.changed();
      },
    };
  }

  list(): PromptEntry[] {
    return [...this.#prompts.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  get size(): number {
    return this.#prompts.size;
  }

  entry(name: string): PromptEntry | undefined {
    return this.#prompts.get(name);
  }

  /**
   * Runs the prompt's `get` with a tool's ctx (the caller channels `ctx` lacks refuse at once);
   * throws PromptError for an unknown prompt or a missing required argument.
   */
  async get(name: string, args: Record<string, string> = {}, ctx: ResourceReadContext = {}): Promise<ServedPrompt> {
    const entry = this.#prompts.get(name);
    if (entry === undefined) throw new PromptError(`Prompt not found: ${name} (registered: ${this.list().map((p) => p.name).join(", ") || "none"})`, "not-found");
    const missing = entry.arguments.filter((a) => a.required === true && typeof args[a.name] !== "string").map((a) => a.name);
    if (missing.length > 0) throw new PromptError(`Prompt ${name} needs argument(s) ${missing.join(", ")}`, "invalid-arguments");
    return normalizePrompt(await entry.get(args, withCaller(ctx)), name);
  }

  async complete(name: string, argument: string, value: string, args: Record<string, string>): Promise<readonly string[]> {
    const fn = this.#prompts.get(name)?.arguments.find((a) => a.name === argument)?.complete;
    return fn === undefined ? [] : await fn(value, { arguments: args });
  }
}

function makePromptEntry(opts: RegisterPromptOptions): PromptEntry {
  if (typeof opts !== "object" || opts === null) throw new TypeError("registerPrompt: pass { name, arguments?, get }");
  const label = typeof opts.name === "string" ? opts.name : "(no name)";
  const fail = (what: string): never => {
    throw new TypeError(`registerPrompt ${label}: ${what}`);
  };
  if (typeof opts.name !== "string" || !PROMPT_NAME.test(opts.name)) fail("name must be a non-empty string of letters, digits and _ . - /");
  if (typeof opts.get !== "function") fail("get must be a function (args, ctx) => messages");
  for (const field of ["title", "description"] as const) if (opts[field] !== undefined && typeof opts[field] !== "string") fail(`${field} must be a string`);
  const args = opts.arguments ?? [];
  if (!Array.isArray(args)) fail("arguments must be an array of { name, description?, required? }");
  const seen = new Set<string>();
  for (const [i, arg] of args.entries()) {
    if (typeof arg?.name !== "string" || arg.name === "") fail(`arguments[${i}].name must be a non-empty string`);
    if (seen.has(arg.name)) fail(`argument "${arg.name}" is declared twice`);
    if (arg.complete !== undefined && typeof arg.complete !== "function") fail(`arguments[${i}].complete must be a function`);
    seen.add(arg.name);
  }
  return { name: opts.name, title: opts.title, description: opts.description, arguments: args, get: opts.get };
}

function normalizePrompt(result: PromptGetResult, name: string): ServedPrompt {
  if (typeof result === "string") return { messages: [{ role: "user", content: { type: "text", text: result } }] };
  if (typeof result !== "object" || result === null || !Array.isArray(result.messages)) {
    throw new TypeError(`prompt ${name}: get returned ${result === null ? "null" : typeof result}; return a string or { messages: [{ role, content }] }`);
  }
  const messages = result.messages.map((m: PromptMessage, i) => {
    if (m.role !== "user" && m.role !== "assistant") throw new TypeError(`prompt ${name}: messages[${i}].role must be "user" or "assistant"`);
    return { role: m.role, content: normalizeContent(m.content, name, i) };
  });
  return { ...(typeof result.description === "string" && { description: result.description }), messages };
}

function normalizeContent(content: string | PromptContent, name: string, i: number): ServedPromptContent {
  if (typeof content === "string") return { type: "text", text: content };
  if (content?.type === "image_url") {
    // imagePart() gives OpenAI's data-URL form; MCP wants the base64 and its type apart.
    const m = /^data:([^;,]+);base64,(.*)$/s.exec(content.image_url.url);
    if (m === null) throw new TypeError(`prompt ${name}: messages[${i}] image must be base64 data (imagePart(bytes)), not a URL`);
    return { type: "image", mimeType: m[1]!, data: m[2]! };
  }
  if (["text", "image", "audio", "resource", "resource_link"].includes(content?.type)) return content;
  throw new TypeError(`prompt ${name}: messages[${i}].content has unknown type ${JSON.stringify((content as { type?: unknown })?.type)}`);
}
