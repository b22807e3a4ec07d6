import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** quiver's data home: `$QUIVER_HOME`, else `~/.quiver`. Read on every call so tests can point it elsewhere. */
export function quiverHome(): string {
  const fromEnv = process.env.QUIVER_HOME;
  return fromEnv !== undefined && fromEnv !== "" ? resolve(fromEnv) : join(homedir(), ".quiver");
}

export function quiverPath(...parts: string[]): string {
  return join(quiverHome(), ...parts);
}
