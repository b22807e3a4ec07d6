/**
 * `quiver models runtime` against a registry on 127.0.0.1 serving stand-ins for node-llama-cpp
 * and its builds: the real npm, the real install command, no internet. The stand-in lists a CUDA
 * build as an optional dependency and has a postinstall, as the real one does: neither may run.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platformBuild } from "../../../src/llm/local/runtime-install.js";
import { cliEnv, runCli } from "../../helpers/cli.js";
import { writeFixtureModel } from "../../helpers/gguf-fixture.js";
import { copyWithoutLlama } from "../../helpers/no-llama-copy.js";

const VERSION = "3.21.1";
const BUILD = platformBuild();
const CUDA = "@node-llama-cpp/linux-x64-cuda";

interface Tarball {
  name: string;
  bytes: Buffer;
}

let dir: string;
let cli: string;
let server: Server;
let registry: string;
const requested: string[] = [];
const tarballs = new Map<string, Tarball>();

/** `npm pack` of a package directory holding `files` (offline). */
function pack(name: string, manifest: Record<string, unknown>, files: Record<string, string>): Tarball {
  const pkg = mkdtempSync(join(dir, "pkg-"));
  writeFileSync(join(pkg, "package.json"), JSON.stringify({ name, version: VERSION, license: "MIT", ...manifest }));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(pkg, file), text);
  const out = execFileSync("npm", ["pack", "--silent", "--ignore-scripts", "--pack-destination", pkg], { cwd: pkg, encoding: "utf8" }).trim();
  return { name, bytes: readFileSync(join(pkg, out.split("\n").at(-1) ?? "")) };
}

function packument(tarball: Tarball, file: string): string {
  const integrity = `sha512-${createHash("sha512").update(tarball.bytes).digest("base64")}`;
  const manifest = JSON.parse(execFileSync("tar", ["-xOzf", "-", "package/package.json"], { input: tarball.bytes }).toString()) as object;
  const dist = { tarball: `${registry}/-/${file}`, integrity, shasum: createHash("sha1").update(tarball.bytes).digest("hex") };
  return JSON.stringify({ name: tarball.name, "dist-tags": { latest: VERSION }, versions: { [VERSION]: { ...manifest, dist } } });
}

beforeAll(async () => {
  ({ dir, cli } = copyWithoutLlama("quiver-runtime-install-"));
  mkdirSync(join(dir, "home"));
  writeFixtureModel(join(dir, "m.gguf"));
  server = createServer((req, res) => {
    const path = decodeURIComponent(req.url ?? "/").replace(/^\//, "");
    requested.push(path);
    const file = path.startsWith("-/") ? path.slice(2) : undefined;
    const byFile = file === undefined ? undefined : tarballs.get(file);
    if (byFile !== undefined) return res.writeHead(200, { "content-type": "application/octet-stream" }).end(byFile.bytes);
    const entry = [...tarballs.entries()].find(([, t]) => t.name === path);
    if (entry === undefined) return res.writeHead(404, { "content-type": "application/json" }).end("{}");
    res.writeHead(200, { "content-type": "application/json" }).end(packument(entry[1], entry[0]));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const llama = pack("node-llama-cpp", {
    type: "module",
    exports: { ".": { default: "./index.js" } },
    optionalDependencies: { [CUDA]: VERSION },
    scripts: { postinstall: "node -e \"require('fs').writeFileSync('POSTINSTALL_RAN', '')\"" },
  }, { "index.js": `export async function getLlama() { throw new Error("stand-in runtime loaded"); }\nexport const LlamaLogLevel = {};\n` });
  tarballs.set("node-llama-cpp.tgz", llama);
  tarballs.set("build.tgz", pack(BUILD, {}, { "index.js": "" }));
  tarballs.set("cuda.tgz", pack(CUDA, {}, { "index.js": "" }));
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(dir, { recursive: true, force: true });
});

const env = (): NodeJS.ProcessEnv =>
  cliEnv({
    QUIVER_HOME: join(dir, "home"),
    QUIVER_LLAMA_RUNTIME: undefined,
    npm_config_registry: `${registry}/`,
    npm_config_cache: join(dir, "npm-cache"),
    npm_config_update_notifier: "false",
  });

describe("quiver models runtime", () => {
  it("installs node-llama-cpp with this platform's build only, scripts off, into $QUIVER_HOME/runtime", async () => {
    const result = await runCli(["models", "runtime"], envWithoutTestRuntime(), { cli });
    expect(result.stderr).toContain(`node-llama-cpp ${VERSION}, ${BUILD}`);
    expect(result.code).toBe(0);
    const modules = join(dir, "home", "runtime", "node_modules");
    expect(existsSync(join(modules, "node-llama-cpp", "index.js"))).toBe(true);
    expect(existsSync(join(modules, ...BUILD.split("/"), "package.json"))).toBe(true);
    expect(existsSync(join(modules, ...CUDA.split("/")))).toBe(false);
    expect(requested).not.toContain("-/cuda.tgz");
    expect(existsSync(join(modules, "node-llama-cpp", "POSTINSTALL_RAN"))).toBe(false);
  });

  it("a second run finds it, and a local model then loads it from there", async () => {
    const again = await runCli(["models", "runtime"], envWithoutTestRuntime(), { cli });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("is installed");
    const chat = await runCli(["chat", "-p", "hi", "--no-mcp", "--model", `local:${join(dir, "m.gguf")}`], envWithoutTestRuntime(), { cli });
    expect(chat.stderr).toContain("stand-in runtime loaded");
    expect(chat.stderr).not.toContain("is not installed");
  });

  it("a registry that refuses says what failed and exits 1", async () => {
    const home = join(dir, "home-offline");
    mkdirSync(home);
    const result = await runCli(["models", "runtime"], {
      ...envWithoutTestRuntime(),
      QUIVER_HOME: home,
      npm_config_registry: "http://127.0.0.1:9/",
      npm_config_cache: join(home, "npm-cache"),
      npm_config_fetch_retries: "0",
    }, { cli });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("could not install the local model runtime");
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

/** cliEnv keeps the tests' own runtime (QUIVER_LLAMA_RUNTIME): these tests install their own. */
function envWithoutTestRuntime(): NodeJS.ProcessEnv {
  const vars = env();
  delete vars.QUIVER_LLAMA_RUNTIME;
  return vars;
}
