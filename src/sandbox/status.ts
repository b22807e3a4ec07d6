/**
 * The sandbox's state in words, for the chat banner and `quiver doctor`: which backend runs,
 * what is writable, which hosts the network reaches, and, where none can run, why and the fix.
 */
import { sandboxSettings, type SandboxMode } from "./config.js";
import { detectSandbox } from "./detect.js";
import { ENV_ALLOWLIST } from "./env.js";
import { sandboxPolicy } from "./policy.js";

export interface SandboxStatus {
  mode: SandboxMode;
  /** sandboxed: commands run in it; off: by choice; unavailable: auto without a backend; refusing: on without one. */
  state: "sandboxed" | "off" | "unavailable" | "refusing";
  backend?: string;
  /** Why no sandbox runs, and what would make one run. */
  reason?: string;
  fix?: string;
  /** Whether commands have network (through the proxy); false without socat. */
  network: boolean;
  writable: string[];
  networkAllow: string[];
  envAllowlist: readonly string[];
}

export function sandboxStatus(): SandboxStatus {
  const settings = sandboxSettings();
  const detection = detectSandbox();
  const base = { mode: settings.mode, writable: [...sandboxPolicy(settings.writable).writable, "/tmp (private)"], networkAllow: settings.networkAllow, envAllowlist: ENV_ALLOWLIST };
  if (settings.mode === "off") return { ...base, state: "off", network: true };
  if (!detection.available) {
    return { ...base, state: settings.mode === "on" ? "refusing" : "unavailable", reason: detection.reason, fix: detection.fix, network: true };
  }
  const { backend } = detection;
  const network = backend.kind === "seatbelt" || backend.socat !== undefined;
  const name = backend.kind === "bwrap" ? `bwrap (${backend.path}${backend.userns ? ", user namespace" : ""})` : `sandbox-exec (${backend.path})`;
  return {
    ...base,
    state: "sandboxed",
    backend: name,
    network,
    ...(!network && { reason: "socat is not installed: sandboxed commands have no network", fix: "install socat (Debian/Ubuntu: sudo apt install socat)" }),
  };
}

/** One line for the chat banner when commands do not run sandboxed (or lack network), else undefined. */
export function sandboxBannerLine(status: SandboxStatus = sandboxStatus()): string | undefined {
  if (status.state === "off") return "Sandbox off: terminal commands run with the command guard alone.";
  if (status.state === "unavailable") return `No OS sandbox here (${status.reason}): terminal commands run with the command guard alone. Fix: ${status.fix}.`;
  if (status.state === "refusing") return `Sandbox required (--sandbox on) but unavailable (${status.reason}): the terminal will refuse to run commands. Fix: ${status.fix}.`;
  if (!status.network) return `Sandbox on, without network: ${status.reason}. Fix: ${status.fix}.`;
  return undefined;
}
