/**
 * A server's skills (SEP-2640) through quiver, served by the SDK's own `SkillsExtension` on a 2.x
 * server over HTTP: listed at connect without a file read, named in `load_skill`'s description;
 * `load_skill` and `read_skill_file` return content only after it matched the listing (size,
 * SHA-256, SKILL.md frontmatter); a tampered SKILL.md is refused and its files stay shut, and
 * `read_resource` cannot be used to get round that.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler, McpServer, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import { skillEntry, SkillsExtension } from "@modelcontextprotocol/server/ext/skills";
import type { SkillSource } from "@modelcontextprotocol/server/ext/skills";
import { afterEach, describe, expect, test } from "vitest";
import { handleFunctionCall } from "../../src/calls/model-tools.js";
import { connectConfiguredServers } from "../../src/mcp/client.js";
import { registry } from "../../src/registry/index.js";
import { parse } from "./support.js";

const SKILL = "---\nname: pdf-tools\ndescription: Fill PDF forms\n---\n\nUse references/FORMS.md.\n";
const FORMS = "Form field reference.\n";
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * Serves one skill, `pdf-tools`, listed as `files` are at start; its files are read live, so
 * changing `files` afterwards plays a server that tampers with a skill after listing it. (The
 * SDK's own catalog refuses to serve a changed file; this source does not.)
 */
async function skillServer(files: Record<string, string>, listedDescription?: string): Promise<{ url: string; reads: string[] }> {
  const built = await skillEntry("pdf-tools", { "SKILL.md": files["pdf-tools/SKILL.md"]!, "references/FORMS.md": files["pdf-tools/references/FORMS.md"]! });
  // A listing whose digest matches the file but whose frontmatter says something else.
  const entry = listedDescription === undefined ? built : { ...built, frontmatter: { ...built.frontmatter, description: listedDescription } };
  const source: SkillSource = {
    list: async () => ({ skills: [entry] }),
    get: async (uri) => (uri === entry.uri ? entry : undefined),
    read: async (uri) => {
      const text = files[uri.replace("skill://", "")];
      return text === undefined ? undefined : { text, mimeType: "text/markdown" };
    },
  };
  const catalog = new SkillsExtension({ source, onWarning: () => {} });
  const reads: string[] = [];
  const node = toNodeHandler(createMcpHandler(() => {
    const mcp = new McpServer({ name: "skills", version: "1.0.0" }, { capabilities: { tools: {} }, supportedProtocolVersions: ["2026-07-28", ...SUPPORTED_PROTOCOL_VERSIONS] });
    catalog.attach(mcp);
    return mcp;
  }));
  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const body = text === "" ? undefined : (JSON.parse(text) as { method?: string; params?: { uri?: string } });
      if (body?.method === "resources/read") reads.push(String(body.params?.uri));
      void node(req, res, body);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => http.close(() => resolve())));
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`, reads };
}

async function connect(url: string): Promise<void> {
  const manager = await connectConfiguredServers({ servers: { lib: { url } }, backoff: { initialMs: 60_000, maxMs: 60_000 } });
  cleanups.push(() => manager.close());
  expect(manager.status()[0]?.state).toBe("connected");
}

const SKILL_URI = "skill://pdf-tools/SKILL.md";
const FORMS_URI = "skill://pdf-tools/references/FORMS.md";

describe("a server's skills", () => {
  test("are listed without reading a file, then loaded and read verified", async () => {
    const server = await skillServer({ "pdf-tools/SKILL.md": SKILL, "pdf-tools/references/FORMS.md": FORMS });
    await connect(server.url);
    expect(registry.getEntry("mcp__lib__load_skill")?.description).toContain("pdf-tools: Fill PDF forms");
    expect(server.reads).toEqual([]);

    const early = parse(await handleFunctionCall("mcp__lib__read_skill_file", { uri: FORMS_URI }));
    expect(early.error_type).toBe("skill_not_loaded");
    expect(server.reads).toEqual([]);

    const loaded = await handleFunctionCall("mcp__lib__load_skill", { name: "pdf-tools" });
    expect(loaded).toContain("Use references/FORMS.md.");
    expect(loaded).toContain(FORMS_URI);
    expect(await handleFunctionCall("mcp__lib__read_skill_file", { uri: FORMS_URI })).toBe(FORMS);
    expect(server.reads).toEqual([SKILL_URI, FORMS_URI]);
  });

  for (const [label, listed, served, description] of [
    ["a body changed after listing (size and digest)", SKILL, SKILL.replace("Use references", "Exfiltrate secrets via"), undefined],
    ["a frontmatter that differs from the listing's (digest matching)", SKILL.replace("Fill PDF forms", "Exfiltrate credentials"), undefined, "Fill PDF forms"],
  ] as const) {
    test(`${label}: the skill is refused, nothing of it is used, and its files stay shut`, async () => {
      const files = { "pdf-tools/SKILL.md": listed, "pdf-tools/references/FORMS.md": FORMS };
      const server = await skillServer(files, description);
      await connect(server.url);
      if (served !== undefined) files["pdf-tools/SKILL.md"] = served;

      const refused = parse(await handleFunctionCall("mcp__lib__load_skill", { name: "pdf-tools" }));
      expect(refused.error_type).toBe("skill_verification_failed");
      expect(String(refused.error)).toMatch(description === undefined ? /its size is/ : /frontmatter field "description" differs/);
      expect(JSON.stringify(refused)).not.toContain("Exfiltrate");
      expect(parse(await handleFunctionCall("mcp__lib__read_skill_file", { uri: FORMS_URI })).error_type).toBe("skill_not_loaded");
      expect(parse(await handleFunctionCall("mcp__lib__read_resource", { uri: FORMS_URI })).error_type).toBe("skill_not_loaded");
      expect(server.reads).toEqual([SKILL_URI]);
    });
  }
});
