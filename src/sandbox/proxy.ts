/**
 * The sandbox's only way out: an HTTP proxy (CONNECT for TLS, absolute-form requests for plain
 * HTTP) that lets through the hosts of `sandbox.network.allow` and records the others. On
 * Linux it listens on a unix socket bound into the sandbox, whose network is otherwise gone.
 */
import { connect, createServer, type Server, type Socket } from "node:net";

const MAX_HEAD_BYTES = 64 * 1024;
const DEFAULT_PORTS = [80, 443];

export type ProxyListen = { path: string } | { port: number; host: "127.0.0.1" };

export class NetworkProxy {
  readonly #server: Server;
  readonly #allow: readonly string[];
  readonly #denied = new Set<string>();
  readonly #sockets = new Set<Socket>();

  private constructor(allow: readonly string[]) {
    this.#allow = allow;
    this.#server = createServer((socket) => this.#accept(socket));
  }

  static async listen(where: ProxyListen, allow: readonly string[]): Promise<NetworkProxy> {
    const proxy = new NetworkProxy(allow);
    await new Promise<void>((resolve, reject) => {
      proxy.#server.once("error", reject);
      proxy.#server.listen(where, () => resolve());
    });
    return proxy;
  }

  /** Hosts (host:port) refused so far, in order of first refusal. */
  denied(): string[] {
    return [...this.#denied];
  }

  /** The TCP port when listening on TCP (macOS). */
  port(): number | undefined {
    const address = this.#server.address();
    return typeof address === "object" && address !== null ? address.port : undefined;
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #track(socket: Socket): void {
    this.#sockets.add(socket);
    socket.once("close", () => this.#sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  }

  #accept(client: Socket): void {
    this.#track(client);
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf("\r\n\r\n");
      if (end < 0) {
        if (head.length > MAX_HEAD_BYTES) reply(client, 431, "request head too large");
        return;
      }
      client.off("data", onData);
      client.pause();
      this.#route(client, head.subarray(0, end).toString("latin1"), head.subarray(end + 4));
    };
    client.on("data", onData);
  }

  #route(client: Socket, head: string, rest: Buffer): void {
    const [requestLine = "", ...headers] = head.split("\r\n");
    const [method = "", target = "", version = "HTTP/1.1"] = requestLine.split(" ");
    const dest: { host: string; port: number; path?: string } | undefined = method === "CONNECT" ? parseAuthority(target, 443) : parseAbsoluteUrl(target);
    if (dest === undefined) return reply(client, 400, `quiver sandbox proxy: cannot read the target ${JSON.stringify(target.slice(0, 200))}`);
    const name = formatAuthority(dest.host, dest.port);
    if (!hostAllowed(dest.host, dest.port, this.#allow)) {
      this.#denied.add(name);
      return reply(client, 403, `quiver sandbox: ${name} is not in sandbox.network.allow (config.yaml)`);
    }
    const upstream = connect({ host: dest.host, port: dest.port });
    this.#track(upstream);
    let connected = false;
    upstream.once("error", (err) => (connected ? client.destroy() : reply(client, 502, `quiver sandbox proxy: ${name}: ${err.message}`)));
    upstream.once("connect", () => {
      connected = true;
      if (method === "CONNECT") client.write(`${version} 200 Connection Established\r\n\r\n`);
      else upstream.write(originRequest(method, dest.path ?? "/", version, headers));
      if (rest.length > 0) upstream.write(rest);
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
    client.once("close", () => upstream.destroy());
    upstream.once("close", () => client.end());
  }
}

/**
 * Whether host:port is allowed: an entry `host` allows ports 80 and 443, `host:port` that port,
 * `*.example.com` any subdomain (80/443, or the port given). IP literals only when listed.
 */
export function hostAllowed(host: string, port: number, allow: readonly string[]): boolean {
  if (!HOST_NAME.test(host) && !IPV6.test(host)) return false;
  const wanted = normalHost(host);
  return allow.some((entry) => {
    const parsed = parseAuthority(entry.trim(), undefined);
    if (parsed === undefined) return false;
    const pattern = normalHost(parsed.host);
    const portOk = parsed.port === undefined ? DEFAULT_PORTS.includes(port) : parsed.port === port;
    if (!portOk) return false;
    if (pattern.startsWith("*.")) return wanted.endsWith(pattern.slice(1)) && wanted.length > pattern.length - 1;
    return wanted === pattern;
  });
}

function normalHost(host: string): string {
  return host.toLowerCase().replace(/\.$/, "").replace(/^\[(.*)\]$/, "$1");
}

/**
 * A DNS name (letters, digits, `-`, `_`, dots; a trailing dot), an IPv4 or an IPv6 literal.
 * Anything else is refused before the allowlist is asked: the resolver reads a name
 * as a C string, so `127.0.0.1\0.example.com` would pass `*.example.com` and reach 127.0.0.1.
 */
const IPV6 = /^[0-9a-fA-F.]*:[0-9a-fA-F:.]*$/;
const HOST_NAME = /^(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62})(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62}))*\.?)$/;

function parseAuthority<P extends number | undefined>(text: string, defaultPort: P): { host: string; port: number | P } | undefined {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:/\s[\]]+)(?::(\d{1,5}))?$/.exec(text);
  if (match === null) return undefined;
  const port = match[2] === undefined ? defaultPort : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return undefined;
  return { host: match[1]!.replace(/^\[(.*)\]$/, "$1"), port };
}

function parseAbsoluteUrl(target: string): { host: string; port: number; path: string } | undefined {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" || url.hostname === "" || !HOST_NAME.test(url.hostname)) return undefined;
  return { host: url.hostname.replace(/^\[(.*)\]$/, "$1"), port: url.port === "" ? 80 : Number(url.port), path: `${url.pathname}${url.search}` };
}

function formatAuthority(host: string, port: number): string {
  return host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`;
}

/** The request in origin form, one request per connection (so it cannot be reused for another host). */
function originRequest(method: string, path: string, version: string, headers: readonly string[]): string {
  const kept = headers.filter((line) => !/^(?:proxy-connection|proxy-authorization|connection|keep-alive)\s*:/i.test(line));
  return [`${method} ${path} ${version}`, ...kept, "Connection: close", "", ""].join("\r\n");
}

function reply(socket: Socket, status: number, message: string): void {
  if (socket.destroyed) return;
  const body = `${message}\n`;
  socket.end(`HTTP/1.1 ${status} ${status === 403 ? "Forbidden" : "Error"}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
