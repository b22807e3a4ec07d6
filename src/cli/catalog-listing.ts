/** The resources and prompts section of `quiver tools list` (text and --json). */
import { registry } from "../registry/index.js";
import { firstSentence } from "./style.js";

export interface CatalogSummary {
  resources: { uri: string; name: string; mimeType?: string; description?: string }[];
  resourceTemplates: { uriTemplate: string; name: string; mimeType?: string; description?: string }[];
  prompts: { name: string; description?: string; arguments: { name: string; required: boolean }[] }[];
}

export function catalogSummary(): CatalogSummary {
  const about = (e: { mimeType?: string | undefined; description?: string | undefined }) => ({
    ...(e.mimeType !== undefined && { mimeType: e.mimeType }),
    ...(e.description !== undefined && { description: e.description }),
  });
  return {
    resources: registry.resources.list().map((e) => ({ uri: e.key, name: e.name, ...about(e) })),
    resourceTemplates: registry.resources.templates().map((e) => ({ uriTemplate: e.key, name: e.name, ...about(e) })),
    prompts: registry.prompts.list().map((p) => ({
      name: p.name,
      ...(p.description !== undefined && { description: p.description }),
      arguments: p.arguments.map((a) => ({ name: a.name, required: a.required === true })),
    })),
  };
}

/** The section's lines; empty when nothing is registered, so a tools-only setup lists as before. */
export function renderCatalog(summary: CatalogSummary): string {
  const lines: string[] = [];
  const resources = [...summary.resources.map((r) => ({ key: r.uri, ...r })), ...summary.resourceTemplates.map((r) => ({ key: r.uriTemplate, ...r }))];
  if (resources.length > 0) {
    lines.push(`resources (${resources.length}) — served by \`quiver serve\``);
    const width = Math.max(...resources.map((r) => r.key.length));
    const mimeWidth = Math.max(...resources.map((r) => (r.mimeType ?? "").length));
    for (const r of resources) lines.push(`  ${r.key.padEnd(width)}  ${(r.mimeType ?? "").padEnd(mimeWidth)}  ${firstSentence(r.description ?? "")}`.trimEnd());
    lines.push("");
  }
  if (summary.prompts.length > 0) {
    lines.push(`prompts (${summary.prompts.length}) — served by \`quiver serve\``);
    const width = Math.max(...summary.prompts.map((p) => p.name.length));
    for (const p of summary.prompts) {
      const args = p.arguments.map((a) => (a.required ? a.name : `${a.name}?`)).join(", ");
      lines.push(`  ${p.name.padEnd(width)}  (${args})${p.description !== undefined ? `  ${firstSentence(p.description)}` : ""}`);
    }
    lines.push("");
  }
  return lines.length === 0 ? "" : `\n${lines.join("\n")}`;
}
