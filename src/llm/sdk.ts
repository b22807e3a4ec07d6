/**
 * The openai SDK, loaded on the first request rather than at import: it takes ~110 ms to load,
 * and importing quiver (a tool file, `quiver tools`, the chat prompt) must not pay for it.
 */
import type * as OpenAISdk from "openai";

export type Sdk = typeof OpenAISdk;

let loading: Promise<Sdk> | undefined;
let loaded: Sdk | undefined;

export function loadSdk(): Promise<Sdk> {
  return (loading ??= import("openai").then((sdk) => (loaded = sdk)));
}

/** The SDK if a request has loaded it; errors can only be the SDK's once it is. */
export function loadedSdk(): Sdk | undefined {
  return loaded;
}
