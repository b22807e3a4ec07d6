// Runs one bench module in this (fresh) process and writes its { section, rows } as JSON to the
// file named second: bench/run.mjs gives each bench its own process, so what one leaves behind
// (a loaded native model and its threads, a large heap, registered tools) cannot move another's
// microsecond figures.
import { writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";

const [file, out] = process.argv.slice(2);
const mod = await import(pathToFileURL(file).href);
const result = await mod.default();
await writeFile(out, JSON.stringify(result));
// Servers or timers a bench left open must not keep the runner waiting.
process.exit(0);
