/**
 * A small leveled logger for library code: writes to stderr, never stdout (stdout belongs to
 * the CLI's results and to MCP's stdio transport). Quiet by default: only warnings and errors
 * are printed; `QUIVER_LOG_LEVEL` or `setLogLevel` changes that. Sinks see every record, so
 * tests and UIs can observe logs without parsing stderr.
 */
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

export interface LogRecord {
  level: Exclude<LogLevel, "silent">;
  scope: string;
  message: string;
  data?: Record<string, unknown>;
}

export type LogSink = (record: LogRecord) => void;

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

interface LoggerState {
  level: LogLevel;
  sinks: Set<LogSink>;
  /** Where printed lines go (default stderr); a UI with a prompt puts them above it. */
  write?: (line: string) => void;
}

// One state per process, shared by every copy of the package that gets loaded.
const STATE_KEY = Symbol.for("quiver.logger");
const holder = globalThis as { [STATE_KEY]?: LoggerState };
const state: LoggerState = (holder[STATE_KEY] ??= { level: parseLevel(process.env.QUIVER_LOG_LEVEL), sinks: new Set() });

function parseLevel(value: string | undefined): LogLevel {
  const v = value?.toLowerCase();
  return v !== undefined && v in RANK ? (v as LogLevel) : "warn";
}

export function setLogLevel(level: LogLevel): void {
  if (!(level in RANK)) throw new TypeError(`Unknown log level "${level}"; use one of ${Object.keys(RANK).join(", ")}`);
  state.level = level;
}

export function getLogLevel(): LogLevel {
  return state.level;
}

/** Adds a sink that receives every record, whatever the level; returns its remover. */
export function addLogSink(sink: LogSink): () => void {
  state.sinks.add(sink);
  return () => state.sinks.delete(sink);
}

function emit(level: LogRecord["level"], scope: string, message: string, data?: Record<string, unknown>): void {
  const record: LogRecord = data === undefined ? { level, scope, message } : { level, scope, message, data };
  for (const sink of state.sinks) sink(record);
  if (RANK[level] < RANK[state.level]) return;
  const line = `[quiver ${level}] ${scope}: ${message}\n`;
  if (state.write !== undefined) state.write(line);
  else process.stderr.write(line);
}

/** Sends printed log lines (each ending in a newline) to `write` instead of stderr; returns the undo. */
export function setLogWriter(write: (line: string) => void): () => void {
  const before = state.write;
  state.write = write;
  return () => {
    state.write = before;
  };
}

export interface Logger {
  debug(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

export function createLogger(scope: string): Logger {
  return {
    debug: (m, d) => emit("debug", scope, m, d),
    info: (m, d) => emit("info", scope, m, d),
    warn: (m, d) => emit("warn", scope, m, d),
    error: (m, d) => emit("error", scope, m, d),
  };
}
