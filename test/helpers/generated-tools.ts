/** Many distinct, realistic-looking tools for tool-search tests: `<verb>_<noun>` with schemas that cost tokens. */
import { registry } from "../../src/registry/index.js";

const VERBS = ["create", "delete", "archive", "export", "import", "list", "update", "approve", "schedule", "audit", "merge", "restore", "share", "tag", "publish", "lock", "clone", "rename", "sync", "validate"];
const NOUNS = ["invoice", "customer", "ticket", "shipment", "playlist", "recipe", "warehouse", "contract", "sensor", "campaign", "vehicle", "payroll", "podcast", "greenhouse", "telescope", "vaccine", "mortgage", "glacier", "orchestra", "satellite", "library", "tournament", "pipeline", "forecast", "harbor"];

export interface GeneratedTool {
  name: string;
  verb: string;
  noun: string;
}

/** Registers `count` tools (at most 500) into `toolset`; each handler records its calls in `calls`. */
export function registerGeneratedTools(toolset: string, count: number, calls: Array<{ name: string; args: Record<string, unknown> }>): GeneratedTool[] {
  const out: GeneratedTool[] = [];
  for (const noun of NOUNS) {
    for (const verb of VERBS) {
      if (out.length === count) return out;
      const name = `${verb}_${noun}`;
      registry.register({
        name,
        toolset,
        schema: {
          description: `${verb[0]!.toUpperCase()}${verb.slice(1)} a ${noun} record in the ${noun} management service. Returns the ${noun} as stored after the change, with its id and revision.`,
          parameters: {
            type: "object",
            properties: {
              [`${noun}_id`]: { type: "string", description: `Identifier of the ${noun}.` },
              reason: { type: "string", description: `Why the ${noun} is changed; kept in the audit log.` },
              dry_run: { type: "boolean", description: "Validate only, change nothing." },
            },
            required: [`${noun}_id`],
            additionalProperties: false,
          },
        },
        handler: (args) => {
          calls.push({ name, args });
          return JSON.stringify({ ok: true, tool: name });
        },
      });
      out.push({ name, verb, noun });
    }
  }
  return out;
}
