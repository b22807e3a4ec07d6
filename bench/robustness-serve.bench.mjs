// Robustness of `quiver serve --http` under a burst: the built CLI serves on a free loopback
// port, and 200 SDK clients at once each open a session, list the tools, call read_file, and
// end the session with DELETE; every session stays open until all have called. Reports the
// failures (the target is 0) and the wall time of the whole burst (median of a few rounds),
// against the same burst on a bare SDK server (McpServer, one transport per session, no
// session limit) run the same way, in the same run, as the reference.
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

// The reference: the SDK's own server, the way its documentation sets up a stateful HTTP server.
const BARE_SERVER = `
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";
const transports = new Map();
const http = createServer(async (req, res) => {
  const id = req.headers["mcp-session-id"];
  if (id !== undefined) {
    const known = transports.get(id);
    if (known === undefined) return void res.writeHead(404).end();
    return void known.handleRequest(req, res);
  }
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (sid) => transports.set(sid, transport) });
  transport.onclose = () => transports.delete(transport.sessionId);
  const mcp = new McpServer({ name: "bare", version: "1.0.0" });
  mcp.registerTool("read_file", { description: "Reads a file", inputSchema: { path: z.string() } }, async ({ path }) => ({ content: [{ type: "text", text: await readFile(path, "utf8") }] }));
  await mcp.connect(transport);
  await transport.handleRequest(req, res);
});
http.listen(0, "127.0.0.1", () => process.stderr.write("serving at http://127.0.0.1:" + http.address().port + "/mcp\\n"));
`;

function startServe(home) {
  return startChild([CLI, "serve", "--http", "--port", "0", "--toolsets", "file"], home);
}

function startBare(home) {
  return startChild(["--input-type=module", "-e", BARE_SERVER], home);
}

async function startChild(args, home) {
  const child = spawn(process.execPath, args, {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
    env: { ...process.env, QUIVER_HOME: home },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const url = await new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`server did not start: ${seen}`)), 20_000);
    child.stderr.on("data", (chunk) => {
      seen += chunk.toString();
      const match = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(seen);
      if (match === null) return;
      clearTimeout(timer);
      resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${seen}`)));
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

/** Warm-up, then ROUNDS bursts, alternating between the two servers so both see the same load. */
export default async function run() {
  const home = mkdtempSync(join(tmpdir(), "quiver-bench-serve-"));
  // Outside $QUIVER_HOME, which read_file treats as protected (asked for; nobody can answer under serve).
  const work = mkdtempSync(join(tmpdir(), "quiver-bench-serve-work-"));
  const file = join(work, "notes.txt");
  writeFileSync(file, "alpha\nbeta\n");
  const quiver = await startServe(home);
  const bare = await startBare(home);
  try {
    await burst(quiver.url, file);
    await burst(bare.url, file);
    const ours = [];
    const theirs = [];
    for (let i = 0; i < ROUNDS; i++) {
      ours.push(await burst(quiver.url, file));
      theirs.push(await burst(bare.url, file));
    }
    const failures = ours.reduce((sum, r) => sum + r.failures, 0);
    const bareFailures = theirs.reduce((sum, r) => sum + r.failures, 0);
    const wall = median(ours.map((r) => r.ms));
    const bareWall = median(theirs.map((r) => r.ms));
    return {
      section: "robustness: serve --http burst",
      rows: [
        { metric: `failed sessions, ${CLIENTS} concurrent × ${ROUNDS} rounds`, value: failures, unit: "sessions", target: "0", reference: `bare SDK: ${bareFailures}`, ok: failures === 0 },
        { metric: `wall time of a ${CLIENTS}-session burst (median)`, value: wall, unit: "ms", reference: `bare SDK: ${bareWall.toFixed(0)} ms`, note: "connect + list + read_file + DELETE, all open at once" },
        { metric: "burst wall time, quiver / bare SDK", value: wall / bareWall, unit: "x", note: "same run, rounds alternated" },
      ],
    };
  } finally {
    await Promise.all([quiver.stop(), bare.stop()]);
    rmSync(home, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}
