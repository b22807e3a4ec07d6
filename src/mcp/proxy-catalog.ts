/**
 * Under `quiver serve`, the resources and prompts of the MCP servers quiver is connected to join
 * the registry's catalogs, so serve's clients see them beside quiver's own. Prompts are named
 * like the servers' tools (`mcp__<server>__<prompt>`); resources keep their URIs (a proxied
 * tool's resource links must still resolve) and get a namespaced name. A URI or prompt already
 * registered by quiver itself is never shadowed. Each server's share is re-listed when its
 * connection changes (a reconnect) and withdrawn while it is away.
 */
import type { Client } from "@modelcontextprotocol/client";
import { createLogger, registry } from "../registry/index.js";
import type { PromptHandle, PromptMessage, ResourceHandle, ResourceItem } from "../registry/index.js";
import type { McpManager } from "./manager.js";
import { mcpToolName } from "./names.js";

const log = createLogger("mcp-serve");
/** A server that keeps returning cursors is broken; stop rather than loop forever. */
const MAX_PAGES = 20;
const RESYNC_DELAY_MS = 100;

interface Share {
  client: Client;
  handles: Array<ResourceHandle | PromptHandle>;
}

/** Starts mirroring; the returned function withdraws every proxied entry and stops watching. */
export function proxyServerCatalogs(manager: McpManager): () => void {
  const shares = new Map<string, Share>();
  let timer: NodeJS.Timeout | undefined;
  const sync = async (): Promise<void> => {
    for (const server of manager.serverNames) {
      const client = manager.connection(server)?.client;
      const share = shares.get(server);
      if (share?.client === client) continue;
      if (share !== undefined) withdraw(share);
      shares.delete(server);
      if (client === undefined) continue;
      const next: Share = { client, handles: [] };
      shares.set(server, next);
      await mirror(server, client, next).catch((err: unknown) => log.warn(`resources/prompts of MCP server "${server}" not proxied: ${String(err)}`));
    }
  };
  // A connection coming or going changes the registry's tools: look again then.
  const unsubscribe = registry.onChange(() => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      void sync();
    }, RESYNC_DELAY_MS);
    timer.unref();
  });
  void sync();
  return () => {
    unsubscribe();
    clearTimeout(timer);
    for (const share of shares.values()) withdraw(share);
    shares.clear();
  };
}

function withdraw(share: Share): void {
  for (const handle of share.handles.splice(0)) handle.remove();
}

async function mirror(server: string, client: Client, share: Share): Promise<void> {
  const caps = client.getServerCapabilities();
  if (caps?.resources !== undefined) {
    for (const r of await pages((cursor) => client.listResources(cursor).then((p) => ({ items: p.resources, next: p.nextCursor })))) {
      if (registry.resources.resolve(r.uri)?.entry.uri === r.uri) continue; // quiver's own, or another server's first
      share.handles.push(registry.registerResource({ uri: r.uri, ...about(server, r), read: (uri) => readFrom(client, uri.href) }));
    }
    for (const t of await pages((cursor) => client.listResourceTemplates(cursor).then((p) => ({ items: p.resourceTemplates, next: p.nextCursor })))) {
      if (registry.resources.templates().some((e) => e.key === t.uriTemplate)) continue;
      try {
        share.handles.push(registry.registerResource({ uriTemplate: t.uriTemplate, ...about(server, t), read: (uri) => readFrom(client, uri.href) }));
      } catch (err) {
        log.debug(`template ${t.uriTemplate} of "${server}" not proxied: ${String(err)}`); // an RFC 6570 form quiver does not match
      }
    }
  }
  if (caps?.prompts !== undefined) {
    for (const p of await pages((cursor) => client.listPrompts(cursor).then((page) => ({ items: page.prompts, next: page.nextCursor })))) {
      const name = mcpToolName(server, p.name);
      if (registry.prompts.entry(name) !== undefined) continue;
      share.handles.push(
        registry.registerPrompt({
          name,
          ...(p.title !== undefined && { title: p.title }),
          description: p.description ?? `Prompt "${p.name}" of MCP server "${server}"`,
          arguments: (p.arguments ?? []).map((a) => ({ name: a.name, ...(a.description !== undefined && { description: a.description }), ...(a.required === true && { required: true }) })),
          get: async (args) => {
            const got = await client.getPrompt({ name: p.name, arguments: args });
            return { ...(got.description !== undefined && { description: got.description }), messages: got.messages as unknown as PromptMessage[] };
          },
        }),
      );
    }
  }
}

function about(server: string, r: { name: string; title?: string; description?: string; mimeType?: string }) {
  return {
    name: mcpToolName(server, r.name),
    ...(r.title !== undefined && { title: r.title }),
    description: r.description ?? `Resource "${r.name}" of MCP server "${server}"`,
    ...(r.mimeType !== undefined && { mimeType: r.mimeType }),
  };
}

async function readFrom(client: Client, uri: string): Promise<ResourceItem[]> {
  const { contents } = await client.readResource({ uri });
  return contents.map((c) => ("text" in c ? { uri: c.uri, ...(c.mimeType !== undefined && { mimeType: c.mimeType }), text: c.text } : { uri: c.uri, ...(c.mimeType !== undefined && { mimeType: c.mimeType }), blob: c.blob }));
}

async function pages<T>(list: (params: { cursor: string } | undefined) => Promise<{ items: T[]; next?: string | undefined }>): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { items, next } = await list(cursor === undefined ? undefined : { cursor });
    out.push(...items);
    if (next === undefined || next === "") break;
    cursor = next;
  }
  return out;
}
