/**
 * Shows the user where to sign in: the URL is always printed (it may be opened on another
 * machine), then `$BROWSER` or the platform's opener is started, detached and never awaited.
 */
import { spawn } from "node:child_process";

export type Say = (line: string) => void;

export function openBrowser(url: string, say: Say, env: NodeJS.ProcessEnv = process.env): void {
  say(`Open this URL to sign in:\n  ${url}`);
  const command = opener(env);
  if (command === undefined) return;
  try {
    const child = spawn(command[0] as string, [...command.slice(1), url], { detached: true, stdio: "ignore" });
    child.on("error", () => say(`Could not start ${command[0]}; open the URL yourself.`));
    child.unref();
  } catch {
    say(`Could not start ${command[0]}; open the URL yourself.`);
  }
}

/** `$BROWSER` (its first entry, as a command line split on spaces), else the platform opener. */
function opener(env: NodeJS.ProcessEnv): string[] | undefined {
  const browser = env.BROWSER?.split(":")[0]?.trim();
  if (browser !== undefined && browser !== "") return browser.split(/\s+/);
  if (process.platform === "darwin") return ["open"];
  if (process.platform === "win32") return ["cmd", "/c", "start", ""];
  return env.DISPLAY !== undefined || env.WAYLAND_DISPLAY !== undefined ? ["xdg-open"] : undefined;
}
