import { braceExpand } from "../dist/safety/glob.js";
import { bashParser } from "../dist/safety/parser.js";
const n = Number(process.argv[2]);
let t = performance.now(); const r = braceExpand("{a,b}".repeat(n)); console.log("brace", n, r.length, (performance.now() - t).toFixed(1));
const p = await bashParser(); t = performance.now(); const { root } = p("echo " + "{a,b}".repeat(n)); console.log("parse", (performance.now() - t).toFixed(1), root.toString().slice(0, 200));
