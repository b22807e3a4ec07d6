/**
 * Real `redis-server` and `nginx` (Debian's packages) for tests, each on a free loopback port
 * with its own directory, config and logs; `stop()` kills the process group and removes the
 * directory. Tests call stop in afterAll, so a failed test leaves nothing running.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const REDIS_SERVER = "/usr/bin/redis-server";
export const NGINX = "/usr/sbin/nginx";

export interface Daemon {
  port: number;
  dir: string;
  child: ChildProcess;
  /** What the daemon wrote to its logs so far (for failure messages). */
  logs(): string;
  stop(): Promise<void>;
}

/** A port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts TCP connections on 127.0.0.1:`port`. */
export async function waitForPort(port: number, what: () => string, timeoutMs = 10_000, gone: () => boolean = () => false): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    if (gone()) throw new Error(`the process meant to listen on 127.0.0.1:${port} exited: ${what()}`);
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms: ${what()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function start(command: string, args: string[], dir: string, port: number, logFiles: string[]): Daemon {
  // Its own process group, so stop() reaches nginx's workers too.
  const child = spawn(command, args, { cwd: dir, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const logs = (): string => [output, ...logFiles.filter(existsSync).map((f) => readFileSync(f, "utf8"))].join("\n");
  return {
    port,
    dir,
    child,
    logs,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          // Already gone.
        }
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** redis-server on a free loopback port: no persistence, its own directory. */
export async function startRedis(): Promise<Daemon> {
  const dir = mkdtempSync(join(tmpdir(), "quiver-redis-"));
  const port = await freePort();
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir, "--daemonize", "no", "--protected-mode", "yes"];
  const daemon = start(REDIS_SERVER, args, dir, port, []);
  try {
    await waitForPort(port, daemon.logs, 10_000, () => daemon.child.exitCode !== null);
  } catch (err) {
    await daemon.stop();
    throw err;
  }
  return daemon;
}

export interface NginxOptions {
  /** Upstream ports on 127.0.0.1, served round-robin without affinity. */
  upstreams: number[];
}

/**
 * nginx in front of `upstreams`: round-robin, no affinity, SSE unbuffered, and a request a
 * draining instance refused (503) or could not take (refused connection) retried on the next.
 */
/** The access log has one line per request: `method|status|upstream addresses|Last-Event-ID|upstream statuses`. */
export async function startNginx(opts: NginxOptions): Promise<Daemon & { accessLog(): string }> {
  const dir = mkdtempSync(join(tmpdir(), "quiver-nginx-"));
  const port = await freePort();
  const servers = opts.upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join("\n");
  const conf = `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  log_format upstream '$request_method|$status|$upstream_addr|$http_last_event_id|$upstream_status';
  access_log ${dir}/access.log upstream;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream quiver {
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://quiver;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 300s;
      proxy_next_upstream error timeout http_502 http_503 non_idempotent;
      proxy_next_upstream_tries 3;
    }
  }
}
`;
  writeFileSync(join(dir, "nginx.conf"), conf);
  const accessLog = join(dir, "access.log");
  const daemon = start(NGINX, ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")], dir, port, [join(dir, "error.log")]);
  try {
    await waitForPort(port, daemon.logs, 10_000, () => daemon.child.exitCode !== null);
  } catch (err) {
    await daemon.stop();
    throw err;
  }
  return { ...daemon, accessLog: () => (existsSync(accessLog) ? readFileSync(accessLog, "utf8") : "") };
}
