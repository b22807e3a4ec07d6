// serve scaled out: tool calls/s and latency through nginx to 1 vs 3 `quiver serve --http
// --stateless` instances (the built CLI) sharing a real Redis, all started here, measured in
// the same run (rounds in ABBA order). Each round: CONCURRENCY SDK clients, half 2025-11-25
// (1.x client) and half 2026-07-28 (2.x client), making CALLS calls each. The load generator shares the machine's cores with the
// instances, nginx and Redis: on 2 cores, 3 instances buy resilience more than speed.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { tsImport } from "tsx/esm/api";

const CONCURRENCY = 32;
const CALLS = 25;
const ROUNDS = 6;

async function round(url) {
  const latencies = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, c) => {
      const modern = c % 2 === 1;
      const client = modern
        ? new ModernClient({ name: "bench-scale", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } })
        : new Client({ name: "bench-scale", version: "1.0.0" });
      await client.connect(modern ? new ModernTransport(new URL(url)) : new StreamableHTTPClientTransport(new URL(url)));
      for (let i = 0; i < CALLS; i++) {
        const start = performance.now();
        const result = await client.callTool({ name: "scale_echo", arguments: { n: c * 1000 + i } });
        if (result.isError === true) throw new Error(`call failed: ${JSON.stringify(result)}`);
        latencies.push(performance.now() - start);
      }
      await client.close();
    }),
  );
  return { seconds: (performance.now() - t0) / 1000, latencies };
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export default async function () {
  const { startRedis, startNginx } = await tsImport("../test/helpers/daemons.ts", import.meta.url);
  const { startServeInstance } = await tsImport("../test/helpers/serve-instances.ts", import.meta.url);
  const redis = await startRedis();
  const instances = [];
  const proxies = [];
  try {
    const store = `redis://127.0.0.1:${redis.port}`;
    instances.push(...(await Promise.all([0, 1, 2].map(() => startServeInstance({ store })))));
    const one = await startNginx({ upstreams: [instances[0].port] });
    proxies.push(one);
    const three = await startNginx({ upstreams: instances.map((i) => i.port) });
    proxies.push(three);
    const urls = { 1: `http://127.0.0.1:${one.port}/mcp`, 3: `http://127.0.0.1:${three.port}/mcp` };
    await round(urls[1]);
    await round(urls[3]);
    const stats = { 1: { calls: 0, seconds: 0, latencies: [] }, 3: { calls: 0, seconds: 0, latencies: [] } };
    const ratios = [];
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? [1, 3] : [3, 1];
      const perRound = {};
      for (const n of order) {
        const { seconds, latencies } = await round(urls[n]);
        stats[n].calls += latencies.length;
        stats[n].seconds += seconds;
        stats[n].latencies.push(...latencies);
        perRound[n] = latencies.length / seconds;
      }
      ratios.push(perRound[3] / perRound[1]);
    }
    const rate = (n) => stats[n].calls / stats[n].seconds;
    ratios.sort((a, b) => a - b);
    const note = `${CONCURRENCY} clients (half each revision) × ${CALLS} calls a round, ${ROUNDS} rounds each, nginx, Redis`;
    return {
      section: "serve scale-out (nginx + Redis)",
      rows: [
        { metric: "calls/s, 1 instance", value: rate(1), unit: "calls/s", note },
        { metric: "calls/s, 3 instances", value: rate(3), unit: "calls/s", note },
        { metric: "3 vs 1 instances (median of paired rounds)", value: ratios[ratios.length >> 1], unit: "×", note: "same run, ABBA order" },
        { metric: "p50 latency, 1 instance", value: percentile(stats[1].latencies, 50), unit: "ms" },
        { metric: "p99 latency, 1 instance", value: percentile(stats[1].latencies, 99), unit: "ms" },
        { metric: "p50 latency, 3 instances", value: percentile(stats[3].latencies, 50), unit: "ms" },
        { metric: "p99 latency, 3 instances", value: percentile(stats[3].latencies, 99), unit: "ms" },
      ],
    };
  } finally {
    for (const p of proxies) await p.stop();
    await Promise.allSettled(instances.map((i) => i.stop()));
    await redis.stop();
  }
}
