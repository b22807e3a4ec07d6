/**
 * `quiver serve`'s resources, prompts and completions: the registry's catalogs
 * (`registry.registerResource` / `registerPrompt`) answered to one MCP session. Subscriptions
 * belong to the session that made them and end with it; list changes are announced coalesced.
 */
import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError } from "@modelcontextprotocol/server";
import type { CompleteResult, GetPromptResult, ListResourceTemplatesResult, Prompt, ReadResourceResult, Resource, Server, ServerCapabilities } from "@modelcontextprotocol/server";

type ResourceTemplate = ListResourceTemplatesResult["resourceTemplates"][number];
import { PromptError, ResourceNotFoundError as NoSuchResource, createLogger, registry } from "../registry/index.js";
import type { PromptEntry, ResourceEntry } from "../registry/index.js";
import { answerAsking, missingCapabilityError } from "./serve-caller.js";
import type { SessionLog } from "./session-logs.js";

const log = createLogger("mcp-serve");

/** The spec's cap on completion values per answer. */
const MAX_COMPLETIONS = 100;
/** Per session: a client cannot grow serve's memory without bound by subscribing. */
export const MAX_SUBSCRIPTIONS = 1_000;

/** What serve declares for its catalogs. */
export const CATALOG_CAPABILITIES: ServerCapabilities = {
  resources: { subscribe: true, listChanged: true },
  prompts: { listChanged: true },
  completions: {},
};

/**
 * Installs the handlers on a session's server; the returned function ends its subscriptions and
 * watchers. Without `delayMs` (a per-request server) it announces no list changes itself. A read
 * or a get may ask its caller (ctx.elicit, …) as a tool does, on either revision (serve-caller.ts).
 */
export function serveCatalog(server: Server, logs: SessionLog, delayMs: number | undefined): () => void {
  const subscriptions = new Map<string, () => void>();
  server.setRequestHandler("resources/list", () => ({ resources: registry.resources.list().map(toResource) }));
  server.setRequestHandler("resources/templates/list", () => ({ resourceTemplates: registry.resources.templates().map(toTemplate) }));
  server.setRequestHandler("resources/read", (request, ctx) =>
    answerAsking<ReadResourceResult>(server, ctx, logs, async (signal, _notify, caller, flight) => {
      const { uri } = request.params;
      try {
        return { contents: await registry.resources.read(uri, { signal, ...caller }) };
      } catch (err) {
        if (err instanceof NoSuchResource) throw new ResourceNotFoundError(uri, err.message);
        throw failed(`reading ${uri}`, missingCapabilityError(flight, err));
      }
    }),
  );
  server.setRequestHandler("resources/subscribe", (request) => {
    const { uri } = request.params;
    if (!subscriptions.has(uri) && subscriptions.size >= MAX_SUBSCRIPTIONS) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `at most ${MAX_SUBSCRIPTIONS} resource subscriptions per session; unsubscribe from some first`);
    }
    if (!subscriptions.has(uri)) {
      subscriptions.set(uri, registry.resources.subscribe(uri, () => void server.sendResourceUpdated({ uri }).catch((err: unknown) => log.debug(`resources/updated not sent: ${String(err)}`))));
    }
    return {};
  });
  server.setRequestHandler("resources/unsubscribe", (request) => {
    subscriptions.get(request.params.uri)?.();
    subscriptions.delete(request.params.uri);
    return {};
  });
  server.setRequestHandler("prompts/list", () => ({ prompts: registry.prompts.list().map(toPrompt) }));
  server.setRequestHandler("prompts/get", (request, ctx) =>
    answerAsking<GetPromptResult>(server, ctx, logs, async (signal, _notify, caller, flight) => {
      const { name, arguments: args } = request.params;
      try {
        return (await registry.prompts.get(name, args ?? {}, { signal, ...caller })) as GetPromptResult;
      } catch (err) {
        if (err instanceof PromptError) throw new ProtocolError(ProtocolErrorCode.InvalidParams, err.message);
        throw failed(`getting prompt ${name}`, missingCapabilityError(flight, err));
      }
    }),
  );
  server.setRequestHandler("completion/complete", async (request): Promise<CompleteResult> => {
    const { ref, argument, context } = request.params;
    const others = context?.arguments ?? {};
    const values =
      ref.type === "ref/prompt"
        ? await registry.prompts.complete(ref.name, argument.name, argument.value, others)
        : await registry.resources.complete(ref.uri, argument.name, argument.value, others);
    return { completion: { values: values.slice(0, MAX_COMPLETIONS), total: values.length, hasMore: values.length > MAX_COMPLETIONS } };
  });
  const unwatch =
    delayMs === undefined
      ? []
      : [announce(registry.resources, () => server.sendResourceListChanged(), delayMs, server), announce(registry.prompts, () => server.sendPromptListChanged(), delayMs, server)];
  return () => {
    for (const end of subscriptions.values()) end();
    subscriptions.clear();
    for (const end of unwatch) end();
  };
}

/** A change in a catalog, told to the client once per burst. */
function announce(catalog: { onChange(listener: () => void): () => void }, send: () => Promise<void>, delayMs: number, server: Server): () => void {
  let timer: NodeJS.Timeout | undefined;
  const unsubscribe = catalog.onChange(() => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (server.transport === undefined) return;
      send().catch((err: unknown) => log.debug(`list_changed not sent: ${String(err)}`));
    }, delayMs);
    timer.unref();
  });
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}

/** What a resource's read or a prompt's get threw, as an internal error the client can read (no stack); a protocol error as it is. */
function failed(what: string, err: unknown): ProtocolError {
  if (err instanceof ProtocolError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new ProtocolError(ProtocolErrorCode.InternalError, `${what} failed: ${message}`);
}

function about(e: { title?: string | undefined; description?: string | undefined; mimeType?: string | undefined }): Partial<Resource> {
  return {
    ...(e.title !== undefined && { title: e.title }),
    ...(e.description !== undefined && { description: e.description }),
    ...(e.mimeType !== undefined && { mimeType: e.mimeType }),
  };
}

function toResource(e: ResourceEntry): Resource {
  return { uri: e.key, name: e.name, ...about(e) };
}

function toTemplate(e: ResourceEntry): ResourceTemplate {
  return { uriTemplate: e.key, name: e.name, ...about(e) };
}

function toPrompt(p: PromptEntry): Prompt {
  return {
    name: p.name,
    ...(p.title !== undefined && { title: p.title }),
    ...(p.description !== undefined && { description: p.description }),
    arguments: p.arguments.map((a) => ({ name: a.name, ...(a.description !== undefined && { description: a.description }), ...(a.required === true && { required: true }) })),
  };
}
