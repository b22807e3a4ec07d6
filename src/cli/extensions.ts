/**
 * What `quiver chat` adds to the agent from Markdown files: subagent definitions (the `agent`
 * tool), skills (the `skill` tool and their one-line listing), and custom slash commands. The
 * project's agents and skills load only when the user opted in (--project-tools,
 * QUIVER_PROJECT_TOOLS=1), as its tools and config do: they steer the model.
 */
import { join } from "node:path";
import { registerAgentTool, loadSubagents } from "../agent/agent-tool.js";
import { loadSkills, registerSkillTool, skillsPrompt } from "../agent/skills.js";
import type { DefinitionDir } from "../agent/markdown-defs.js";
import { createChatClient } from "../llm/index.js";
import { quiverPath } from "../registry/index.js";
import { findProjectRoot } from "../safety/project-root.js";
import type { ChatSetup } from "./chat-setup.js";
import { loadCustomCommands, type CustomCommand } from "./custom-commands.js";

export interface Extensions {
  /** For the system prompt: the skills' names and descriptions. */
  instructions: string | undefined;
  commands: CustomCommand[];
}

/** Claude Code's model aliases mean "the parent's" here: the endpoint is not Anthropic's. */
const INHERIT = new Set(["inherit", "sonnet", "opus", "haiku"]);

/**
 * Called by the runtime after the tools load and before the permission rules are checked (a rule
 * may name `agent` or `skill`); `setup` is read only when the tools run.
 */
export async function loadExtensions(setup: () => ChatSetup, project: boolean): Promise<Extensions> {
  const root = findProjectRoot(process.cwd());
  const dirs = (name: string, projectDirs: string[]): DefinitionDir[] => [
    { dir: quiverPath(name), source: "user" },
    ...(project ? projectDirs.map((dir) => ({ dir: join(root, dir, name), source: "project" })) : []),
  ];
  const [agents, skills, commands] = await Promise.all([loadSubagents(dirs("agents", [".quiver"])), loadSkills(dirs("skills", [".claude", ".quiver"])), loadCustomCommands()]);
  registerAgentTool({
    definitions: agents.map((a) => (a.model !== undefined && INHERIT.has(a.model) ? { ...a, model: undefined } : a)),
    client: () => setup().client,
    clientFor: (model) => createChatClient({ ...setup().settings, model }, setup().clientOptions),
    selection: () => setup().selection,
    childOptions: () => {
      const { toolSearch, maxIterations, checkpoint } = setup();
      return { toolSearch, ...(maxIterations === undefined ? {} : { maxIterations }), ...(checkpoint === undefined ? {} : { checkpoint }) };
    },
  });
  registerSkillTool(skills);
  return { instructions: skillsPrompt(skills), commands };
}
