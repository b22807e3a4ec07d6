/** Every test file: the sandbox's private /tmp and sockets' dir go when the file is done. */
import { afterAll } from "vitest";

afterAll(async () => {
  (await import("../../src/sandbox/wrap.js")).removeSandboxDirs();
});
