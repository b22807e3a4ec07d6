export { ToolRegistry, registry, DEFAULT_MAX_RESULT_CHARS, DEFAULT_EMOJI, describeError } from "./tool-registry.js";
export type { RegistryListener } from "./tool-registry.js";
export { checkAvailable, configureAvailability, invalidateCheckFnCache } from "./availability.js";
export type { AvailabilityOptions } from "./availability.js";
export { toolResult, toolError, boundErrorText, MAX_ERROR_CHARS, TRUNCATION_MARK } from "./results.js";
export { createLogger, addLogSink, setLogLevel, getLogLevel } from "./logger.js";
export type { Logger, LogLevel, LogRecord, LogSink } from "./logger.js";
export { quiverHome, quiverPath } from "./paths.js";
export type * from "./types.js";
