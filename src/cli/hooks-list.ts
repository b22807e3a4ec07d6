/** `quiver hooks list` itself (hooks-command.ts registers it without loading this). */
import { loadConfig } from "../config/config.js";
import { configuredHooks } from "../hooks/hooks.js";
import { EXIT } from "./exit-codes.js";
import { loadHooks } from "./hooks-config.js";

export async function listHooks(opts: { json?: boolean; projectTools?: boolean }): Promise<number> {
  await loadHooks(await loadConfig(), opts.projectTools === true || process.env.QUIVER_PROJECT_TOOLS === "1");
  const hooks = configuredHooks().map(({ event, matcher, command, timeoutMs, source }) => ({ event, matcher, command, timeout: timeoutMs / 1000, source }));
  if (opts.json === true) {
    process.stdout.write(`${JSON.stringify({ hooks }, null, 2)}\n`);
    return EXIT.ok;
  }
  if (hooks.length === 0) {
    process.stdout.write("No hooks configured. Add a hooks: section to config.yaml (docs/extending.md).\n");
    return EXIT.ok;
  }
  for (const hook of hooks) {
    const matcher = hook.matcher === "" ? "*" : hook.matcher;
    process.stdout.write(`${hook.event.padEnd(16)} ${matcher.padEnd(20)} ${hook.command}  (timeout ${hook.timeout} s; ${hook.source})\n`);
  }
  return EXIT.ok;
}
