/** The one way quiver says a server needs the user to sign in: what, and the command that fixes it. */

export function loginCommand(server: string): string {
  return `quiver mcp login ${/^[A-Za-z0-9._-]+$/.test(server) ? server : JSON.stringify(server)}`;
}

export class SignInNeededError extends Error {
  readonly server: string;
  readonly scope: string | undefined;

  constructor(server: string, reason: string, scope?: string) {
    super(`needs sign-in (${reason}): run \`${loginCommand(server)}\``);
    this.name = "SignInNeededError";
    this.server = server;
    this.scope = scope;
  }
}

export function isSignInNeeded(err: unknown): err is SignInNeededError {
  return err instanceof Error && err.name === "SignInNeededError";
}
