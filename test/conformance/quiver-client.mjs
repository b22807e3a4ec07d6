#!/usr/bin/env node
/**
 * quiver as the client of a conformance scenario: `node quiver-client.mjs <server-url>`, the
 * scenario in MCP_CONFORMANCE_SCENARIO and its credentials in MCP_CONFORMANCE_CONTEXT (both set
 * by the suite). It writes the server into a fresh config the way a user would
 * (mcp.servers.conformance with its `oauth:` keys), then runs quiver's real client code from
 * dist/: the MCP manager connects (signing in through the browser when the server asks; the
 * "browser" is fetch-browser.mjs), and the scenario's tools are called through quiver's connection.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "..", "..", "dist");
const CIMD_URL = "https://conformance-test.local/client-metadata.json";
const SERVER = "conformance";

const url = process.argv[2];
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
const context = process.env.MCP_CONFORMANCE_CONTEXT ? JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT) : {};
if (!url) {
  console.error("usage: MCP_CONFORMANCE_SCENARIO=<scenario> node quiver-client.mjs <server-url>");
  process.exit(2);
}

const home = mkdtempSync(join(tmpdir(), "quiver-conformance-"));
process.env.QUIVER_HOME = home;
process.env.BROWSER ??= join(here, "fetch-browser.mjs");

/** What a user would put under mcp.servers.<name>.oauth for this scenario's credentials. */
function oauthFor(name, ctx) {
  switch (name) {
    case "auth/client-credentials-jwt":
      return { clientId: ctx.client_id, privateKey: ctx.private_key_pem, algorithm: ctx.signing_algorithm ?? "ES256" };
    case "auth/client-credentials-basic":
      return { grant: "client_credentials", clientId: ctx.client_id, clientSecret: ctx.client_secret };
    case "auth/wif-jwt-bearer":
      return { clientId: ctx.client_id, workloadIdentity: { token: ctx.valid_jwt } };
    case "auth/pre-registration":
      return { clientId: ctx.client_id, clientSecret: ctx.client_secret };
    case "auth/cross-app-access-complete-flow":
    case "auth/enterprise-managed-authorization": // the 0.2 line's name for it
      return {
        clientId: ctx.client_id,
        clientSecret: ctx.client_secret,
        idp: { issuer: ctx.idp_issuer, tokenEndpoint: ctx.idp_token_endpoint, clientId: ctx.idp_client_id, idToken: ctx.idp_id_token },
      };
    default:
      return name.startsWith("auth/") ? { clientMetadataUrl: CIMD_URL } : undefined;
  }
}

/** The tool each scenario expects to be called, with its arguments. */
const CALLS = {
  tools_call: ["add_numbers", { a: 2, b: 3 }],
  "elicitation-sep1034-client-defaults": ["test_client_elicitation_defaults", {}],
  "sse-retry": ["test_reconnection", {}],
};

/** Scenarios that watch how each of the server's tools is called: every tool quiver kept is called once, in listed order. */
const EVERY_TOOL = new Set(["sep-2322-client-request-state", "http-standard-headers", "http-invalid-tool-headers"]);

/** The parameters quiver gives the model for a server's tool: what must keep the server's JSON Schema intact. */
function modelSchema(registry, status, tool) {
  const name = status.tools.find((t) => t.endsWith(`__${tool}`));
  return name === undefined ? undefined : registry.getSchema(name)?.parameters;
}

/** The calls a scenario expects, as [tool, arguments]: those its context names, else the ones it is known to want. */
function callsFor(own, registry, status) {
  if (Array.isArray(context.toolCalls)) return context.toolCalls.map((c) => [c.name, c.arguments ?? {}]);
  if (CALLS[scenario] !== undefined) return [CALLS[scenario]];
  if (scenario === "json-schema-2020-12-preservation") return [["json_schema_echo", { schema: modelSchema(registry, status, "json_schema_2020_12_tool") }]];
  if (EVERY_TOOL.has(scenario)) return own.map((tool) => [tool, {}]);
  return own.includes("test-tool") ? [["test-tool", {}]] : [];
}

/** What the model would do with the server's resource and prompt tools: read the first resource, get the first prompt. */
async function useResourcesAndPrompts(registry, status) {
  const tool = (suffix) => status.tools.find((t) => t.endsWith(`__${suffix}`));
  const list = tool("list_resources");
  if (list !== undefined) {
    const first = JSON.parse(await registry.dispatch(list, {})).resources?.[0];
    if (first !== undefined) say(`read_resource: ${String(await registry.dispatch(tool("read_resource"), { uri: first.uri })).slice(0, 200)}`);
  }
  const prompts = tool("get_prompt");
  const name = prompts === undefined ? undefined : /Prompts: ([^\s,(.]+)/.exec(registry.getEntry(prompts)?.description ?? "")?.[1];
  if (name !== undefined) say(`get_prompt: ${String(await registry.dispatch(prompts, { name })).slice(0, 200)}`);
}

/** What a model would do with a server's skills: load the first one, then read the files it lists (only if it loaded). */
async function useFirstSkill(registry, status) {
  const tool = (suffix) => status.tools.find((t) => t.endsWith(`__${suffix}`));
  const load = tool("load_skill");
  const name = load === undefined ? undefined : /Skills: ([^:;]+):/.exec(registry.getEntry(load)?.description ?? "")?.[1];
  if (name === undefined) return;
  const loaded = String(await registry.dispatch(load, { name }));
  say(`load_skill: ${loaded.slice(0, 200)}`);
  if (loaded.startsWith('{"error"')) return;
  const files = /Its files \(read one with read_skill_file\): (.*)/.exec(loaded)?.[1]?.split(", ") ?? [];
  for (const uri of files) say(`read_skill_file: ${String(await registry.dispatch(tool("read_skill_file"), { uri })).slice(0, 200)}`);
}

function say(line) {
  process.stderr.write(`${line}\n`);
}

async function main() {
  const { ToolRegistry } = await import(join(dist, "registry", "index.js"));
  const { createMcpManager } = await import(join(dist, "mcp", "client.js"));
  const { createElicitationHandler } = await import(join(dist, "cli", "mcp-elicitation.js"));
  const oauth = oauthFor(scenario, context);
  const servers = { [SERVER]: { url, connectTimeout: 20, ...(oauth && { oauth }) } };
  const registry = new ToolRegistry();
  const manager = await createMcpManager(servers, { registry, signIn: { say }, backoff: { initialMs: 60_000, maxMs: 60_000 } });
  // The user pressing Enter at every field (keeping the defaults shown) and confirming.
  manager.setInteraction({ elicitation: createElicitationHandler({ ask: async (q) => (q.startsWith("Send these") ? "y" : ""), print: say }) });
  try {
    await manager.start();
    const status = manager.status().find((s) => s.name === SERVER);
    if (status?.state !== "connected") throw new Error(`not connected: ${status?.error ?? status?.state}`);
    const connection = manager.connection(SERVER);
    const own = (connection.ownTools() ?? []).map((t) => t.name);
    for (const [tool, args] of callsFor(own, registry, status)) {
      const result = await connection.call(tool, args, {});
      say(`${tool}: ${JSON.stringify(result).slice(0, 300)}`);
    }
    if (scenario === "http-standard-headers") await useResourcesAndPrompts(registry, status);
    if (scenario.startsWith("sep-2640-client-verify-")) await useFirstSkill(registry, status);
  } finally {
    await manager.close();
    rmSync(home, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(`quiver conformance client (${scenario}): ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
