/**
 * The SDK reports some things with `console.warn("[mcp-sdk] …")`: credential invalidation in its
 * auth code, a tool left out of `tools/list` for an invalid `x-mcp-header`. Printed, they would
 * scribble over the chat prompt and bypass quiver's own reporting. `withSdkWarnings` gives those
 * lines to a handler for the duration of one piece of work, and only for warnings raised by that
 * work (its async context), so two servers listing tools at once each hear their own.
 */
import { AsyncLocalStorage } from "node:async_hooks";

const PREFIX = "[mcp-sdk]";

/** Takes the warning's text (without the prefix); returns false to let it through as usual. */
export type SdkWarningHandler = (text: string) => boolean;

const scope = new AsyncLocalStorage<SdkWarningHandler>();
let patched: typeof console.warn | undefined;

export function withSdkWarnings<T>(handler: SdkWarningHandler, work: () => Promise<T>): Promise<T> {
  install();
  return scope.run(handler, work);
}

/**
 * Wraps whatever `console.warn` is now (again if someone replaced it since, as test spies do);
 * warnings outside any scope, or not the SDK's, pass through untouched.
 */
function install(): void {
  if (console.warn === patched) return;
  const passThrough = console.warn;
  patched = console.warn = (...args: unknown[]) => {
    const handler = scope.getStore();
    const text = args[0];
    if (handler !== undefined && typeof text === "string" && text.startsWith(PREFIX) && handler(text.slice(PREFIX.length).trim())) return;
    passThrough.apply(console, args);
  };
}
