import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpRequest, type HttpRequest } from "../../src/llm/http-client.js";
import { toModelError } from "../../src/llm/errors.js";

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

const routes = new Map<string, Handler>();
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => (routes.get(req.url ?? "") ?? ((_q, _b, r) => r.writeHead(404).end("no route")))(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const GET: HttpRequest = { method: "GET", headers: {} };
const ctx = { baseUrl: "http://test", model: "m", apiKey: "k" } as Parameters<typeof toModelError>[1];

routes.set("/echo", (req, body, res) => {
  res.writeHead(201, "Made", { "content-type": "application/json", "x-request-id": "req_1", "set-cookie": ["a=1", "b=2"] });
  res.end(JSON.stringify({ method: req.method, body, auth: req.headers.authorization ?? null, type: req.headers["content-type"] ?? null, length: req.headers["content-length"] ?? null }));
});

describe("httpRequest answers", () => {
  it("a JSON POST with status, status text, headers (as fetch joins them) and body", async () => {
    const answer = await httpRequest(`${base}/echo`, { method: "POST", headers: { "content-type": "application/json", authorization: "Bearer k" }, body: '{"a":"é"}' });
    const theirs = await fetch(`${base}/echo`, { method: "POST", body: "x" });
    expect(answer.status).toBe(201);
    expect(answer.statusText).toBe("Made");
    expect(answer.headers.get("x-request-id")).toBe("req_1");
    expect(answer.headers.get("set-cookie")).toBe(theirs.headers.get("set-cookie"));
    expect(JSON.parse(await answer.text())).toEqual({ method: "POST", body: '{"a":"é"}', auth: "Bearer k", type: "application/json", length: "10" });
  });

  it("each streamed chunk as it arrives, before the response ends", async () => {
    let finish: () => void = () => {};
    routes.set("/sse", (_req, _body, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: one\n\n");
      finish = () => res.end("data: [DONE]\n\n");
    });
    const answer = await httpRequest(`${base}/sse`, { method: "POST", headers: {}, body: "{}" });
    const chunks: string[] = [];
    for await (const chunk of answer.body) {
      chunks.push(String(chunk));
      if (chunks.length === 1) finish();
    }
    expect(chunks.join("")).toBe("data: one\n\ndata: [DONE]\n\n");
    expect(chunks[0]).toBe("data: one\n\n");
  });

  it("a gzip body decoded, without the encoding headers that no longer apply", async () => {
    routes.set("/gzip", (_req, _body, res) => {
      const zipped = gzipSync('{"zipped":true}');
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "content-length": zipped.length }).end(zipped);
    });
    const answer = await httpRequest(`${base}/gzip`, GET);
    expect(JSON.parse(await answer.text())).toEqual({ zipped: true });
    expect(answer.headers.get("content-encoding")).toBeNull();
  });

  it("after following a 307 with method and body, and a 303 as a GET without body", async () => {
    routes.set("/moved", (_req, _body, res) => res.writeHead(307, { location: "/echo" }).end());
    routes.set("/see-other", (_req, _body, res) => res.writeHead(303, { location: `${base}/echo` }).end());
    const kept = JSON.parse(await (await httpRequest(`${base}/moved`, { method: "POST", headers: { authorization: "Bearer k" }, body: "payload" })).text());
    expect(kept).toMatchObject({ method: "POST", body: "payload", auth: "Bearer k" });
    const changed = JSON.parse(await (await httpRequest(`${base}/see-other`, { method: "POST", headers: { "content-type": "text/plain" }, body: "payload" })).text());
    expect(changed).toMatchObject({ method: "GET", body: "", type: null });
  });
});

describe("httpRequest fails as fetch does", () => {
  it("a refused connection: TypeError('fetch failed') with the system error as cause", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await httpRequest(`http://127.0.0.1:${port}/x`, GET).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect((err as Error).message).toBe("fetch failed");
    expect(((err as Error).cause as NodeJS.ErrnoException).code).toBe("ECONNREFUSED");
  });

  it("an abort before the answer rejects with the AbortError; during the body, ends it with the AbortError", async () => {
    routes.set("/slow", () => {});
    const before = new AbortController();
    const pending = httpRequest(`${base}/slow`, { ...GET, signal: before.signal });
    setTimeout(() => before.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });

    routes.set("/forever", (_req, _body, res) => res.writeHead(200, { "content-type": "text/event-stream" }).write("data: x\n\n"));
    const during = new AbortController();
    const answer = await httpRequest(`${base}/forever`, { ...GET, signal: during.signal });
    const reading = (async () => {
      for await (const _chunk of answer.body) during.abort();
    })();
    await expect(reading).rejects.toMatchObject({ name: "AbortError" });
  });

  it("a server dropping the connection mid-body ends the body with an error read as a dropped connection", async () => {
    routes.set("/drop", (_req, _body, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: partial\n\n", () => setTimeout(() => res.socket?.destroy(), 10));
    });
    const answer = await httpRequest(`${base}/drop`, { method: "POST", headers: {}, body: "{}" });
    const err = await answer.text().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(toModelError(err, ctx)?.kind).toBe("connection");
  });

  it("a non-http URL is refused with a message naming it", async () => {
    await expect(httpRequest("ftp://example.com/x", GET)).rejects.toThrow(/ftp:\/\/example.com\/x.*http: and https:/);
  });
});

describe("httpRequest keep-alive", () => {
  it("reuses one connection for consecutive requests", async () => {
    const ports = new Set<number>();
    routes.set("/port", (req, _body, res) => res.end(String(req.socket.remotePort)));
    for (let i = 0; i < 5; i++) ports.add(Number(await (await httpRequest(`${base}/port`, GET)).text()));
    expect(ports.size).toBe(1);
  });

  it("does not keep a process alive once its requests are done", async () => {
    const module = fileURLToPath(new URL("../../src/llm/http-client.ts", import.meta.url));
    const script = `import { httpRequest } from ${JSON.stringify(module)}; const r = await httpRequest(${JSON.stringify(`${base}/echo`)}, { method: "GET", headers: {} }); await r.text(); console.log("done");`;
    const started = Date.now();
    // Asynchronously: the server answering the child runs in this process.
    const child = await promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 15_000 });
    expect(child.stdout.trim()).toBe("done");
    // Idle sockets close after 4 s; an exit before then means they did not hold the process.
    expect(Date.now() - started).toBeLessThan(3_500);
  });
});

describe("httpRequest over https", () => {
  const tls = (name: string): string => fileURLToPath(new URL(`../fixtures/tls/${name}`, import.meta.url));

  async function withTlsServer(run: (url: string) => Promise<void>): Promise<void> {
    const secure = createTlsServer({ key: readFileSync(tls("key.pem")), cert: readFileSync(tls("cert.pem")) }, (_req, res) => res.end("over tls"));
    await new Promise<void>((resolve) => secure.listen(0, "127.0.0.1", resolve));
    try {
      await run(`https://127.0.0.1:${(secure.address() as AddressInfo).port}/`);
    } finally {
      secure.closeAllConnections();
      await new Promise((resolve) => secure.close(resolve));
    }
  }

  it("refuses a certificate no trusted authority signed, as fetch does", async () => {
    await withTlsServer(async (url) => {
      const err = await httpRequest(url, GET).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TypeError);
      expect((err as Error).message).toBe("fetch failed");
      expect(((err as Error).cause as NodeJS.ErrnoException).code).toBe("DEPTH_ZERO_SELF_SIGNED_CERT");
    });
  });

  it("trusts an authority added with NODE_EXTRA_CA_CERTS, as fetch does", async () => {
    await withTlsServer(async (url) => {
      const module = fileURLToPath(new URL("../../src/llm/http-client.ts", import.meta.url));
      const script = `import { httpRequest } from ${JSON.stringify(module)}; console.log(await (await httpRequest(${JSON.stringify(url)}, { method: "GET", headers: {} })).text());`;
      const env = { ...process.env, NODE_EXTRA_CA_CERTS: tls("cert.pem") };
      const child = await promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 15_000, env });
      expect(child.stdout.trim()).toBe("over tls");
    });
  });
});
