import { assessCommand } from "../dist/safety/index.js";
const which = Number(process.argv[2]);
const cmds = ["echo " + "{a,b}".repeat(30), "ls " + "/*".repeat(6), "echo " + "$(".repeat(200) + ")".repeat(200), "a".repeat(100000), "echo " + "'x' ".repeat(20000), "bash -c ".repeat(50) + "ls"];
const cmd = cmds[which];
const t = performance.now(); const r = await assessCommand(cmd); console.log("cmd", which, cmd.length, r.verdict, (performance.now() - t).toFixed(1), "ms");
