/**
 * A throwaway world for the sandbox tests: a home (with keys to hide) and a git project, both
 * under /var/tmp (the sandbox replaces /tmp with a private one, so a home there would vanish
 * rather than be read-only), $HOME and $QUIVER_HOME pointed at them, the project fixed.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { registry } from "../../src/registry/index.js";
import type { ToolContext } from "../../src/registry/index.js";
import { resetSandboxConfig, setSandboxConfig, type SandboxConfigInput } from "../../src/sandbox/config.js";

export const FIXTURE_PARENT = "/var/tmp";

export interface SandboxWorld {
  root: string;
  home: string;
  quiverHome: string;
  project: string;
  /** Sets the sandbox config again for this world (project fixed). */
  configure(config?: SandboxConfigInput, passthrough?: string[]): void;
  cleanup(): void;
}

export function sandboxWorld(): SandboxWorld {
  const root = mkdtempSync(join(FIXTURE_PARENT, "quiver-sandbox-test-"));
  const home = join(root, "home");
  const quiverHome = join(home, ".quiver");
  const project = join(root, "project");
  for (const dir of [join(home, ".ssh"), join(home, ".aws"), join(quiverHome, "tools"), join(quiverHome, "cache", "spillover"), project]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(home, ".ssh", "id_rsa"), "-----BEGIN FAKE KEY-----\n");
  writeFileSync(join(home, ".aws", "credentials"), "[default]\naws_secret_access_key=FAKE\n");
  writeFileSync(join(home, ".gitconfig"), "[user]\n\tname = Test\n");
  writeFileSync(join(quiverHome, "config.yaml"), "model: fake\n");
  writeFileSync(join(quiverHome, "cache", "spillover", "result.txt"), "spilled\n");
  execFileSync("git", ["init", "-q", project]);
  const saved = { HOME: process.env.HOME, QUIVER_HOME: process.env.QUIVER_HOME };
  process.env.HOME = home;
  process.env.QUIVER_HOME = quiverHome;
  const configure = (config: SandboxConfigInput = {}, passthrough: string[] = []): void => void setSandboxConfig({ config, project, passthrough });
  configure();
  return {
    root,
    home,
    quiverHome,
    project,
    configure,
    cleanup: () => {
      resetSandboxConfig();
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A parsed terminal result. */
export interface TerminalOut {
  output?: string;
  exit_code?: number;
  error?: string;
  error_type?: string;
  sandbox_blocked?: string;
  sandbox_note?: string;
}

export async function terminal(args: Record<string, unknown>, ctx?: ToolContext): Promise<TerminalOut> {
  await import("../../src/tools/terminal.js");
  const out = await registry.dispatch("terminal", args, ctx);
  if (typeof out !== "string") throw new Error("terminal returned a multimodal result");
  return JSON.parse(out) as TerminalOut;
}
