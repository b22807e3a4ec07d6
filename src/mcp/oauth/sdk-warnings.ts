/**
 * The SDK's auth code reports credential invalidation and refresh fallbacks with `console.warn`
 * ("[mcp-sdk] …"), which would scribble over the chat prompt. While an `auth()` runs, those lines
 * go to quiver's debug log instead; any other warning passes through untouched.
 */
import { createLogger } from "../../registry/index.js";

const log = createLogger("mcp");
const PREFIX = "[mcp-sdk]";
let active = 0;
let original: typeof console.warn | undefined;

export async function withSdkWarningsLogged<T>(work: () => Promise<T>): Promise<T> {
  if (active++ === 0) {
    const passThrough = console.warn;
    original = passThrough;
    console.warn = (...args: unknown[]) => {
      if (typeof args[0] === "string" && args[0].startsWith(PREFIX)) log.debug(`OAuth: ${args[0].slice(PREFIX.length).trim()}`);
      else passThrough(...args);
    };
  }
  try {
    return await work();
  } finally {
    if (--active === 0 && original !== undefined) {
      console.warn = original;
      original = undefined;
    }
  }
}
