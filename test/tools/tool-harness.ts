/** Shared helpers for the built-in tool tests: call a tool by name, record approvals, temp dirs. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { registry } from "../../src/registry/index.js";
import type { ApprovalDecision, ApprovalRequest, ToolContext } from "../../src/registry/index.js";

/** A parsed tool result; tests read fields freely. */
export type Json = Record<string, any>;

export async function callTool(name: string, args: Record<string, unknown>, ctx?: ToolContext): Promise<Json> {
  const out = await registry.dispatch(name, args, ctx);
  if (typeof out !== "string") throw new Error(`${name} returned a multimodal result`);
  return JSON.parse(out) as Json;
}

/** An approval callback that answers `decision` and records every request. */
export function approver(decision: ApprovalDecision): { calls: ApprovalRequest[]; ctx: ToolContext } {
  const calls: ApprovalRequest[] = [];
  return {
    calls,
    ctx: {
      approve: async (request) => {
        calls.push(request);
        return decision;
      },
    },
  };
}

const made: string[] = [];

export async function tempDir(prefix = "quiver-tools-"): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** Points $HOME at `dir` until the returned function is called. */
export function useHome(dir: string): () => void {
  const saved = process.env.HOME;
  process.env.HOME = dir;
  return () => {
    if (saved === undefined) delete process.env.HOME;
    else process.env.HOME = saved;
  };
}

/**
 * Sandbox settings for the next calls (the terminal runs sandboxed by default): `writable` adds
 * directories (temp dirs under the host's /tmp are otherwise invisible), `mode: "off"` is for
 * tests about unsandboxed behaviour. Undo with `resetSandbox`.
 */
export async function useSandbox(setup: { writable?: string[]; mode?: "auto" | "on" | "off" }): Promise<void> {
  const { setSandboxConfig } = await import("../../src/sandbox/config.js");
  setSandboxConfig({ config: { ...(setup.writable !== undefined && { writable: setup.writable }), ...(setup.mode !== undefined && { mode: setup.mode }) } });
}

export async function resetSandbox(): Promise<void> {
  (await import("../../src/sandbox/config.js")).resetSandboxConfig();
}
