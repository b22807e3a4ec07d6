// serve --http resumability: the cost of event ids, priming events and the per-session event
// store, as tools/call round trips over real loopback HTTP with the default MemoryEventStore vs
// with resumption off, measured in the same run (short rounds, ABBA order, paired ratios).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { serveMcpOverHttp } from "../dist/mcp/http-server.js";
import { registry } from "../dist/registry/index.js";
import { median } from "./stats.mjs";

const CALLS = 40;
const ROUNDS = 40;

async function connect(eventStore) {
  const server = await serveMcpOverHttp({ port: 0, enabledToolsets: ["bench-resume"], ...(eventStore !== undefined && { eventStore }) });
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  return { client, close: async () => (await client.close(), await server.close()) };
}

async function usPerCall(client) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) await client.callTool({ name: "bench_resume_echo", arguments: { text: "x" } });
  return Number(process.hrtime.bigint() - t0) / CALLS / 1_000;
}

export default async function () {
  registry.register({
    name: "bench_resume_echo",
    toolset: "bench-resume",
    schema: { description: "Echoes its text", parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } },
    handler: (args) => String(args.text),
    readOnly: true,
  });
  const resumable = await connect(undefined);
  const plain = await connect(() => undefined);
  await usPerCall(resumable.client);
  await usPerCall(plain.client);
  const a = [];
  const b = [];
  for (let r = 0; r < ROUNDS; r++) {
    if (r % 2 === 0) {
      a.push(await usPerCall(resumable.client));
      b.push(await usPerCall(plain.client));
    } else {
      b.push(await usPerCall(plain.client));
      a.push(await usPerCall(resumable.client));
    }
  }
  await resumable.close();
  await plain.close();
  registry.deregister("bench_resume_echo");
  const paired = median(a.map((x, i) => x / b[i]));
  return {
    section: "serve --http resumable streams",
    rows: [
      { metric: "tools/call round trip, resumable (event store)", value: Math.round(median(a)), unit: "µs" },
      { metric: "tools/call round trip, resumption off", value: Math.round(median(b)), unit: "µs" },
      { metric: "resumable / off (median of paired rounds)", value: Number(paired.toFixed(3)), unit: "×", target: "≤ 1.10" },
    ],
  };
}
