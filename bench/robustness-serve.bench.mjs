// Robustness of `quiver serve --http` under a burst: the built CLI serves on a free loopback
// port, and 200 SDK clients at once each open a session, list the tools, call read_file, and
// end the session with DELETE; every session stays open until all have called. Reports the
// failures (the target is 0) and the wall time of the whole burst (median of a few rounds).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { median } from "./stats.mjs";

const CLI = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const CLIENTS = 200;
const ROUNDS = 3;

async function startServe(home) {
  const child = spawn(process.execPath, [CLI, "serve", "--http", "--port", "0", "--toolsets", "file"], {
    env: { ...process.env, QUIVER_HOME: home },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const url = await new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`quiver serve did not start: ${seen}`)), 20_000);
    child.stderr.on("data", (chunk) => {
      seen += chunk.toString();
      const match = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(seen);
      if (match === null) return;
      clearTimeout(timer);
      resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`quiver serve exited with ${code}: ${seen}`)));
  });
  return { url, stop: () => new Promise((resolve) => (child.once("exit", resolve), child.kill("SIGTERM"))) };
}

async function burst(url, file) {
  const transports = Array.from({ length: CLIENTS }, () => new StreamableHTTPClientTransport(new URL(url)));
  const clients = transports.map(() => new Client({ name: "burst", version: "1.0.0" }));
  let failures = 0;
  const started = performance.now();
  const connected = await Promise.all(clients.map((c, n) => c.connect(transports[n]).then(() => true, () => (failures++, false))));
  await Promise.all(
    clients.map(async (c, n) => {
      if (!connected[n]) return;
      try {
        await c.listTools();
        const result = await c.callTool({ name: "read_file", arguments: { path: file } });
        if (result.isError) failures++;
      } catch {
        failures++;
      }
    }),
  );
  await Promise.all(transports.map((t, n) => (connected[n] ? t.terminateSession().catch(() => failures++) : undefined)));
  const ms = performance.now() - started;
  await Promise.all(clients.map((c) => c.close()));
  return { failures, ms };
}

export default async function run() {
  const home = mkdtempSync(join(tmpdir(), "quiver-bench-serve-"));
  const file = join(home, "notes.txt");
  writeFileSync(file, "alpha\nbeta\n");
  const serve = await startServe(home);
  try {
    await burst(serve.url, file);
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await burst(serve.url, file));
    const failures = rounds.reduce((sum, r) => sum + r.failures, 0);
    const wall = median(rounds.map((r) => r.ms));
    return {
      section: "robustness: serve --http burst",
      rows: [
        { metric: `failed sessions, ${CLIENTS} concurrent × ${ROUNDS} rounds`, value: failures, unit: "sessions", target: "0", ok: failures === 0 },
        { metric: `wall time of a ${CLIENTS}-session burst (median)`, value: wall, unit: "ms", note: "connect + list + read_file + DELETE, all open at once" },
        { metric: "sessions per second in the burst", value: (CLIENTS / wall) * 1000, unit: "1/s" },
      ],
    };
  } finally {
    await serve.stop();
    rmSync(home, { recursive: true, force: true });
  }
}
