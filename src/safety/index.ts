/**
 * The safety layer: judges shell commands and file writes before the tools run them, and
 * scrubs secrets from the terminal's environment. Imports nothing of ours; the parser loads
 * on the first assessment.
 */
export { assessCommand, assessWrite, prepareCommandAssessment } from "./assess.js";
export type { Assessment, InnerCommand, RuleHit } from "./assess.js";
export { UNKNOWN_PIECE } from "./verdicts.js";
export type { AssessOptions } from "./paths.js";
export type { Verdict } from "./rules.js";
export { COMMAND_RULES } from "./rules.js";
export { PROTECTED_PATHS } from "./paths.js";
export { isSecretName, setTerminalEnvPassthrough, terminalEnv } from "./child-env.js";
