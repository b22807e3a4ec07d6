/**
 * Hooks from the config files: `$QUIVER_HOME/config.yaml` always, the project's
 * `.quiver/config.yaml` only when the user opted in (`--project-tools`, QUIVER_PROJECT_TOOLS=1):
 * a cloned repository must not run commands on every tool call by itself.
 */
import { configPath, type QuiverConfig } from "../config/config.js";
import { compileHooks, setHooks } from "../hooks/hooks.js";
import { CliError } from "./exit-codes.js";
import { projectConfigPath, readProjectConfig } from "./permission-config.js";

export async function loadHooks(config: QuiverConfig, project: boolean): Promise<void> {
  try {
    const hooks = compileHooks(config.hooks, `user config ${configPath()}`);
    if (project) {
      const file = projectConfigPath();
      hooks.push(...compileHooks((await readProjectConfig(file))?.hooks, `project config ${file}`));
    }
    setHooks(hooks);
  } catch (err) {
    throw new CliError(`${(err as Error).message}\nFix the hook in the config file, or remove it.`);
  }
}
