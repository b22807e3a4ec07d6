/** The agent: the conversation loop as a library, its events, and session transcripts. */
export { Agent, DEFAULT_MAX_ITERATIONS, DEFAULT_MAX_PARALLEL_TOOLS } from "./agent.js";
export type { AgentOptions, RunOptions, RunResult } from "./agent.js";
export type * from "./events.js";
export type { CheckpointHook } from "./checkpoint-hook.js";
export { Session, SessionNotFoundError, listSessions, sessionsDir } from "./session.js";
export type { SessionInfo, SessionStoreOptions } from "./session.js";
export { repairHistory, lostResult, notStartedResult } from "./history.js";
export type { RepairResult } from "./history.js";
export { defaultSystemPrompt } from "./system-prompt.js";
export type { SystemPromptContext } from "./system-prompt.js";
export { SessionTools, DEFAULT_ALWAYS_LOAD } from "./request-tools.js";
export type { RequestTools, ToolSearchMode, ToolSearchOptions } from "./request-tools.js";
export { agentTool, registerAgentTool, loadSubagents } from "./agent-tool.js";
export type { SubagentDefinition, AgentToolOptions } from "./agent-tool.js";
export type { AsToolSpec } from "./subagent.js";
export { loadSkills, skillTool, registerSkillTool, skillsPrompt } from "./skills.js";
export type { Skill } from "./skills.js";
