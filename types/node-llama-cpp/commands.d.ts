import { BuildLlamaCppCommand } from "./cli/commands/source/commands/BuildCommand.js";
import { DownloadLlamaCppCommand } from "./cli/commands/source/commands/DownloadCommand.js";
import { ClearLlamaCppBuildCommand } from "./cli/commands/source/commands/ClearCommand.js";
import { _startCreateCli } from "./cli/startCreateCli.js";
import { getBuildDefaults } from "./utils/getBuildDefaults.js";
export { BuildLlamaCppCommand, DownloadLlamaCppCommand, ClearLlamaCppBuildCommand, getBuildDefaults };
