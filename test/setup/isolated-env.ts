/**
 * Runs before every test file (vitest `setupFiles`): the tests see a fresh temporary HOME (so
 * QUIVER_HOME is its .quiver), and none of the developer's model settings (OPENAI_*, QUIVER_*, provider keys,
 * Hugging Face endpoints), so `npm test` gives the same result whatever the shell exported.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, inject } from "vitest";

/** Variables that would point quiver at a real model, a real account or a real home. */
const FOREIGN = /^(OPENAI_|QUIVER_|OPENROUTER_|HF_|HUGGING_FACE_|MODEL_ENDPOINT$|NO_COLOR$|FORCE_COLOR$)|_API_KEY$/;

for (const name of Object.keys(process.env)) if (FOREIGN.test(name)) delete process.env[name];

const home = mkdtempSync(join(tmpdir(), "quiver-test-home-"));
mkdirSync(join(home, ".quiver"));
process.env.HOME = home;
// Unset rather than set: quiver's default, $HOME/.quiver, is then this fresh one (and code given another home follows it).
delete process.env.QUIVER_HOME;
// Git reads its identity from HOME; tests that commit get a fixed one instead of the developer's.
process.env.GIT_AUTHOR_NAME = process.env.GIT_COMMITTER_NAME = "quiver tests";
process.env.GIT_AUTHOR_EMAIL = process.env.GIT_COMMITTER_EMAIL = "tests@quiver.invalid";

// The local model runtime the global setup installed (test/setup/llama-runtime.ts), if node-llama-cpp is not beside quiver.
const llamaRuntime = inject("llamaRuntime");
if (llamaRuntime !== "") process.env.QUIVER_LLAMA_RUNTIME = llamaRuntime;

afterAll(() => rmSync(home, { recursive: true, force: true }));
