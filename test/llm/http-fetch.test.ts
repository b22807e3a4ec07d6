import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpFetch } from "../../src/llm/http-fetch.js";

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

const lean = httpFetch();

routes.set("/echo", (req, body, res) => {
  res.writeHead(201, "Made", { "content-type": "application/json", "x-request-id": "req_1", "set-cookie": ["a=1", "b=2"] });
  res.end(JSON.stringify({ method: req.method, body, auth: req.headers.authorization ?? null, type: req.headers["content-type"] ?? null }));
});

describe("httpFetch answers as the global fetch does", () => {
  it("for a JSON POST: status, status text, headers and body", async () => {
    const init = { method: "POST", headers: { "content-type": "application/json", authorization: "Bearer k" }, body: '{"a":"é"}' };
    const [ours, theirs] = await Promise.all([lean(`${base}/echo`, init), fetch(`${base}/echo`, init)]);
    expect(ours.status).toBe(theirs.status);
    expect(ours.statusText).toBe(theirs.statusText);
    expect(ours.ok).toBe(true);
    expect(ours.headers.get("x-request-id")).toBe("req_1");
    expect(ours.headers.get("set-cookie")).toBe(theirs.headers.get("set-cookie"));
    expect(await ours.json()).toEqual(await theirs.json());
  });

  it("for a 204: no body", async () => {
    routes.set("/empty", (_req, _body, res) => res.writeHead(204).end());
    const response = await lean(`${base}/empty`, { method: "DELETE" });
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it("hands over each streamed chunk as it arrives, before the response ends", async () => {
    let finish: () => void = () => {};
    routes.set("/sse", (_req, _body, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: one\n\n");
      finish = () => res.end("data: [DONE]\n\n");
    });
    const response = await lean(`${base}/sse`, { method: "POST", body: "{}" });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("data: one\n\n");
    finish();
    let rest = "";
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    expect(rest).toBe("data: [DONE]\n\n");
  });

  it("decodes a gzip body, and drops the encoding headers that no longer apply", async () => {
    routes.set("/gzip", (_req, _body, res) => {
      const zipped = gzipSync('{"zipped":true}');
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "content-length": zipped.length }).end(zipped);
    });
    const response = await lean(`${base}/gzip`);
    expect(await response.json()).toEqual({ zipped: true });
    expect(response.headers.get("content-encoding")).toBeNull();
  });

  it("follows a 307 with method and body, and turns a 303 into a GET without body", async () => {
    routes.set("/moved", (_req, _body, res) => res.writeHead(307, { location: "/echo" }).end());
    routes.set("/see-other", (_req, _body, res) => res.writeHead(303, { location: `${base}/echo` }).end());
    const kept = await (await lean(`${base}/moved`, { method: "POST", headers: { authorization: "Bearer k" }, body: "payload" })).json();
    expect(kept).toMatchObject({ method: "POST", body: "payload", auth: "Bearer k" });
    const changed = await (await lean(`${base}/see-other`, { method: "POST", headers: { "content-type": "text/plain" }, body: "payload" })).json();
    expect(changed).toEqual({ method: "GET", body: "", auth: null, type: null });
  });
});

describe("httpFetch fails as the global fetch does", () => {
  it("rejects a refused connection with TypeError('fetch failed') whose cause has the errno code", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await lean(`http://127.0.0.1:${port}/x`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect((err as Error).message).toBe("fetch failed");
    expect(((err as Error).cause as NodeJS.ErrnoException).code).toBe("ECONNREFUSED");
  });

  it("rejects with the AbortError when aborted before the answer, and errors the body when aborted mid-stream", async () => {
    routes.set("/slow", () => {});
    const before = new AbortController();
    const pending = lean(`${base}/slow`, { signal: before.signal });
    setTimeout(() => before.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });

    routes.set("/forever", (_req, _body, res) => res.writeHead(200, { "content-type": "text/event-stream" }).write("data: x\n\n"));
    const during = new AbortController();
    const response = await lean(`${base}/forever`, { signal: during.signal });
    const reader = response.body!.getReader();
    await reader.read();
    during.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: "AbortError" });
  });

  it("errors the body with TypeError('terminated') when the server drops the connection mid-body", async () => {
    routes.set("/drop", (_req, _body, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: partial\n\n", () => setTimeout(() => res.socket?.destroy(), 10));
    });
    const response = await lean(`${base}/drop`, { method: "POST", body: "{}" });
    const err = await response.text().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect((err as Error).message).toBe("terminated");
  });

  it("leaves requests it cannot send itself (a Request object, a stream body) to the global fetch", async () => {
    const request = new Request(`${base}/echo`, { method: "POST", body: "as a Request" });
    expect(await (await lean(request)).json()).toMatchObject({ method: "POST", body: "as a Request" });
    const stream = new Blob(["streamed"]).stream();
    const init = { method: "POST", body: stream, duplex: "half" } as RequestInit;
    expect(await (await lean(`${base}/echo`, init)).json()).toMatchObject({ body: "streamed" });
  });
});

describe("httpFetch keep-alive", () => {
  it("reuses one connection for consecutive requests", async () => {
    const ports = new Set<number>();
    routes.set("/port", (req, _body, res) => res.end(String(req.socket.remotePort)));
    for (let i = 0; i < 5; i++) ports.add(Number(await (await lean(`${base}/port`)).text()));
    expect(ports.size).toBe(1);
  });

  it("does not keep a process alive once its requests are done", async () => {
    const module = fileURLToPath(new URL("../../src/llm/http-fetch.ts", import.meta.url));
    const script = `import { httpFetch } from ${JSON.stringify(module)}; const r = await httpFetch()(${JSON.stringify(`${base}/echo`)}); await r.text(); console.log("done");`;
    const started = Date.now();
    // Asynchronously: the server answering the child runs in this process.
    const child = await promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 15_000 });
    expect(child.stdout.trim()).toBe("done");
    // Idle sockets close after 4 s; an exit before then means they did not hold the process.
    expect(Date.now() - started).toBeLessThan(3_500);
  });
});
