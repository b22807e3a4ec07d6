/** Public types of the registry core. */
import type { FromSchema, JSONSchema } from "json-schema-to-ts";

/** A JSON Schema object (the `parameters` of a tool). */
export type JsonSchema = Record<string, unknown>;

/** An OpenAI function schema: `{ name?, description?, parameters? }` plus anything else. */
export interface ToolSchema {
  name?: string;
  description?: string;
  parameters?: JsonSchema;
  [key: string]: unknown;
}

/** What the model is sent: OpenAI's tool definition format. */
export interface ToolDefinition {
  type: "function";
  function: ToolSchema & { name: string };
}

/** A result with images or other non-text parts; passed through dispatch untouched. */
export interface MultimodalResult {
  _multimodal: true;
  content: Array<Record<string, unknown>>;
  [key: string]: unknown;
}

export type ToolOutput = string | MultimodalResult;

/** "unavailable": nobody could be asked (no terminal, no person behind the client); the tool answers `approval_required`, not "denied". */
export type ApprovalDecision = "once" | "session" | "deny" | "unavailable";

/** What a tool asks the user before doing something dangerous. */
export interface ApprovalRequest {
  tool: string;
  /** The command or path the approval is about, shown to the user verbatim. */
  subject: string;
  /** Why it needs approval, in a few words ("recursive delete"). */
  reason: string;
  /** Stable key of the rule that matched; "session" approvals are remembered per key. */
  key: string;
  /**
   * Only a person answering this very request may approve it: blanket approvals (`--yes`,
   * `serve --allow-dangerous`, "always this session") never cover it. Reading credentials and
   * leaving the sandbox are asked this way.
   */
  explicit?: boolean;
  /**
   * Permission rules that would allow this call, e.g. `terminal(npm run test*)` (see
   * src/calls/permissions.ts): the prompt shows them and may approve them for the session or save them.
   */
  proposals?: readonly string[];
}

/**
 * The tools a session may search and load (see `tool_search`): the agent hands its own to each
 * call, so a search sees that session's toolsets and what it finds joins that session's requests.
 */
export interface ToolCatalog {
  /** Definitions of the tools the session may use: enabled for it and available now. */
  searchable(): Promise<readonly ToolDefinition[]>;
  /** Adds these tools to the session's next requests (names it does not know are ignored). */
  load(names: readonly string[]): void;
}

/**
 * How a tool describes itself beyond its schema, in MCP's terms (`quiver serve` passes it on;
 * MCP tools keep what their server said). Hints are advice, never a guarantee.
 */
export interface ToolMeta {
  title?: string;
  annotations?: {
    title?: string;
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
    [key: string]: unknown;
  };
  /** JSON Schema of the tool's structured result. */
  outputSchema?: JsonSchema;
}

/** How far a long call has come; `total` when the tool knows it. */
export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** A question for the caller's user (MCP elicitation, form mode): a flat object schema of primitive fields. */
export interface ToolElicitRequest {
  message: string;
  /** The input request's key on MCP 2026-07-28 (default: one quiver picks). */
  key?: string;
  requestedSchema: { type: "object"; properties: Record<string, JsonSchema>; required?: string[] };
}

export interface ToolElicitResult {
  action: "accept" | "decline" | "cancel";
  /** The user's answers, when accepted. */
  content?: Record<string, string | number | boolean | string[]>;
}

/** A completion asked of the caller's model (MCP sampling); a string content is one text block. */
export interface ToolSampleRequest {
  /** The input request's key on MCP 2026-07-28 (default: one quiver picks). */
  key?: string;
  messages: Array<{ role: "user" | "assistant"; content: string | { type: "text"; text: string } }>;
  systemPrompt?: string;
  maxTokens: number;
  temperature?: number;
}

export interface ToolSampleResult {
  text: string;
  model: string;
  stopReason?: string;
}

export type ToolLogLevel = "debug" | "info" | "notice" | "warning" | "error" | "critical" | "alert" | "emergency";

/**
 * How a tool reaches whoever called it. Under `quiver serve`: that session's MCP client, on
 * either revision. In `quiver chat`: the user (elicit), the chat's model after approval
 * (sample), the debug stream (log). Where there is nobody to ask, elicit and sample reject
 * with a message saying so, which the call returns as `{"error": ...}`.
 */
export interface ToolCaller {
  elicit: (request: ToolElicitRequest) => Promise<ToolElicitResult>;
  sample: (request: ToolSampleRequest) => Promise<ToolSampleResult>;
  /** The caller's roots (MCP `roots/list`); rejects like elicit where nobody can answer. */
  listRoots: (request?: ToolListRootsRequest) => Promise<ToolRoot[]>;
  log: (level: ToolLogLevel, data: unknown) => void;
  /** Who is asked: a handler that only asks what the caller can answer checks here first. */
  caller: ToolCallerInfo;
}

export interface ToolListRootsRequest {
  /** The input request's key on MCP 2026-07-28 (default: one quiver picks). */
  key?: string;
}

/** A root the caller shares: a `file://` URI, and its name if it gave one. */
export interface ToolRoot {
  uri: string;
  name?: string;
}

export interface ToolCallerInfo {
  /**
   * Which questions the caller declared it can answer (under serve: the MCP client's declared
   * capabilities, per request on 2026-07-28). False means asking is refused at once.
   */
  capabilities: { elicitation: boolean; sampling: boolean; roots: boolean };
}

/** Per-call context handed to every handler. */
export interface ToolContext extends Partial<ToolCaller> {
  signal?: AbortSignal;
  approve?: (request: ApprovalRequest) => Promise<ApprovalDecision>;
  /** Where a long-running tool reports progress (the UI shows it in the tool line). */
  progress?: (update: ToolProgress) => void;
  /**
   * When `approve` is absent: why no one can approve here and how to allow it (a front end's
   * policy, e.g. serve's --allow-dangerous). Shown in the `approval_required` error.
   */
  approvalUnavailable?: string;
  toolCallId?: string;
  /**
   * When the caller's wait began (ms since the epoch), if before the call: `quiver tools call`
   * passes its process start, so a tool's time budget (search_files' regex budget) covers it.
   */
  startedAt?: number;
  /** The calling session's tools; absent outside an agent (CLI, MCP server), meaning every available tool. */
  toolCatalog?: ToolCatalog;
  [key: string]: unknown;
}

/** The context a handler receives: every ToolCaller member is always there. */
export type ToolCallContext = ToolContext & ToolCaller;

export type ToolHandler<Args = Record<string, unknown>> = (args: Args, ctx: ToolCallContext) => unknown;

/**
 * What the registry needs of a zod 4 schema, described structurally so that the registry core
 * never imports zod: a tool that uses zod brings it, a process without such a tool never loads it.
 */
export interface ZodSchemaLike {
  readonly _zod: { readonly output: unknown };
  safeParse(value: unknown): ZodParseResult;
  toJSONSchema(params?: Record<string, unknown>): Record<string, unknown>;
}

export type ZodParseResult =
  | { success: true; data: unknown }
  | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };

/** `schema.parameters` as an author writes it: JSON Schema, or a zod 4 object schema. */
export type ToolParameters = JsonSchema | ZodSchemaLike;

/**
 * The handler's argument type for parameters `P`: zod's output type, `FromSchema` of a JSON
 * Schema written `as const`, and the untyped record for a schema built at run time.
 */
export type ArgsOf<P> = P extends { readonly _zod: { readonly output: infer O } }
  ? O
  : string extends keyof P
    ? Record<string, unknown>
    : P extends JSONSchema
      ? FromSchema<P>
      : Record<string, unknown>;

/** `schema` as passed to `register`: `parameters` may be zod or JSON Schema. */
export interface ToolSchemaInput<P extends ToolParameters = JsonSchema> {
  name?: string;
  description?: string;
  parameters?: P;
  [key: string]: unknown;
}

export type CheckFn = () => boolean | Promise<boolean>;

export interface RegisterOptions<P extends ToolParameters = JsonSchema> {
  name: string;
  toolset: string;
  /** `parameters` may be a zod 4 object schema (the model gets its JSON Schema) or JSON Schema. */
  schema: ToolSchemaInput<P>;
  handler: ToolHandler<ArgsOf<P>>;
  checkFn?: CheckFn;
  requiresEnv?: readonly string[];
  description?: string;
  emoji?: string;
  /** Results longer than this are spilled to a file by the model-facing layer; `Infinity` = never. */
  maxResultSizeChars?: number;
  /** Called when definitions are built; its keys are shallow-merged over the static schema. */
  dynamicSchemaOverrides?: () => Partial<ToolSchema>;
  /** Replace a same-named tool of another toolset instead of being refused. */
  override?: boolean;
  /** The tool only reads: the agent may run several such calls in parallel. */
  readOnly?: boolean;
  /** Per-call timeout in ms applied by the model-facing layer; `Infinity` = the tool times itself. */
  timeoutMs?: number;
  /**
   * Loads what a call will need, with no effect of its own (a parser, a probe), so callers can run
   * it beside the checkpoint taken before the call. Gets the call's arguments as sent (not yet
   * validated), so it can skip what this call will not need. Optional; a failure is ignored.
   */
  warmUp?: (args: Readonly<Record<string, unknown>>) => Promise<void>;
  /** Title, annotations and output schema, as MCP describes tools. */
  meta?: ToolMeta;
}

/** The read-only record of one registered tool. */
export interface ToolEntry {
  readonly name: string;
  readonly toolset: string;
  /** `parameters` is always JSON Schema here (a zod schema is converted at registration). */
  readonly schema: ToolSchema;
  readonly handler: ToolHandler;
  /** The zod schema the arguments are validated with, when the tool was written with zod. */
  readonly zodParameters: ZodSchemaLike | undefined;
  readonly checkFn: CheckFn | undefined;
  readonly requiresEnv: readonly string[];
  readonly description: string;
  readonly emoji: string;
  readonly maxResultSizeChars: number | undefined;
  readonly dynamicSchemaOverrides: (() => Partial<ToolSchema>) | undefined;
  readonly readOnly: boolean;
  readonly timeoutMs: number | undefined;
  readonly warmUp: ((args: Readonly<Record<string, unknown>>) => Promise<void>) | undefined;
  readonly meta: ToolMeta | undefined;
}

export interface ToolsetAvailability {
  available: boolean;
  tools: string[];
  description: string;
  requirements: string[];
}

export interface ToolAvailabilityReport {
  available: string[];
  unavailable: Array<{ name: string; envVars: string[]; tools: string[] }>;
}

/** One item of a resource's contents: text, or binary as base64 (or bytes, encoded when served). */
export type ResourceItem =
  | { uri?: string; mimeType?: string; text: string }
  | { uri?: string; mimeType?: string; blob: string | Uint8Array };

/** What `read` returns: a string (text), bytes, one item or several; an item without `uri` gets the one read. */
export type ResourceReadResult = string | Uint8Array | ResourceItem | readonly ResourceItem[];

/**
 * What a front end gives a resource's read or a prompt's get: the caller's abort signal, and
 * whichever caller channels it has (the catalog fills in the rest, refusing, as for tools).
 */
export interface ResourceReadContext extends Partial<ToolCaller> {
  signal?: AbortSignal;
}

/** What a resource's `read` or a prompt's `get` receives: the ctx a tool's handler has, minus approvals and progress. */
export type CatalogCallContext = ResourceReadContext & ToolCaller;

/** Suggests values for a prompt argument or a template variable from what was typed so far. */
export type CompleteFn = (value: string, context: { arguments: Record<string, string> }) => readonly string[] | Promise<readonly string[]>;

interface ResourceOptionsBase {
  /** Short identifier shown in listings. */
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** Called with the URI read (parsed) and, for a template, its variables. */
  read: (uri: URL, variables: Record<string, string>, ctx: CatalogCallContext) => ResourceReadResult | Promise<ResourceReadResult>;
  /** A file the resource shows: its subscribers hear `resources/updated` when it changes. */
  file?: string;
  /** For a template: completions of its variables, by name. */
  complete?: Record<string, CompleteFn>;
}

/** `registry.registerResource(...)`: a fixed `uri`, or a `uriTemplate` (RFC 6570 `{var}` expressions). */
export type RegisterResourceOptions = (ResourceOptionsBase & { uri: string; uriTemplate?: never }) | (ResourceOptionsBase & { uriTemplate: string; uri?: never });

/** What `registerResource` returns (like the MCP SDK's registered resource). */
export interface ResourceHandle {
  readonly key: string;
  /** Tells subscribers the resource changed (for a template: pass the concrete URI). */
  notifyUpdated(uri?: string): void;
  /** Unregisters it. */
  remove(): void;
}

export interface PromptArgument {
  name: string;
  description?: string;
  required?: boolean;
  complete?: CompleteFn;
}

/** A prompt message's content, in MCP's block shapes (an `image_url` part from `imagePart()` is accepted too). */
export type PromptContent =
  | { type: "text"; text: string }
  | { type: "image"; data: string; mimeType: string }
  | { type: "image_url"; image_url: { url: string } }
  | { type: "audio"; data: string; mimeType: string }
  | { type: "resource"; resource: { uri: string; mimeType?: string; text: string } | { uri: string; mimeType?: string; blob: string } }
  | { type: "resource_link"; uri: string; name: string; title?: string; description?: string; mimeType?: string; size?: number };

export interface PromptMessage {
  role: "user" | "assistant";
  content: string | PromptContent;
}

/** What `get` returns: a string (one user message), or messages with an optional description. */
export type PromptGetResult = string | { description?: string; messages: readonly PromptMessage[] };

/** `registry.registerPrompt(...)`. */
export interface RegisterPromptOptions {
  name: string;
  title?: string;
  description?: string;
  arguments?: readonly PromptArgument[];
  get: (args: Record<string, string>, ctx: CatalogCallContext) => PromptGetResult | Promise<PromptGetResult>;
}

export interface PromptHandle {
  readonly name: string;
  remove(): void;
}
