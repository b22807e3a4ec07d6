/**
 * The SDK's auth code reports credential invalidation and refresh fallbacks with `console.warn`
 * ("[mcp-sdk] …"), which would scribble over the chat prompt. While an `auth()` runs, those lines
 * go to quiver's debug log instead; any other warning passes through untouched.
 */
import { createLogger } from "../../registry/index.js";
import { withSdkWarnings } from "../sdk-warnings.js";

const log = createLogger("mcp");

export function withSdkWarningsLogged<T>(work: () => Promise<T>): Promise<T> {
  return withSdkWarnings((text) => {
    log.debug(`OAuth: ${text}`);
    return true;
  }, work);
}
