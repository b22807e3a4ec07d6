/** Tab in the chat: completes a slash command at the start of the line, or the `@path` being typed. */
import { completePath } from "./at-mentions.js";

type Completion = [string[], string];

/** A readline completer over `commands` (names without the slash) and the files under `cwd()`. */
export function createCompleter(commands: () => readonly string[], cwd: () => string = () => process.cwd()): (line: string, done: (err: null, result: Completion) => void) => void {
  return (line, done) => {
    void complete(line, commands(), cwd()).then(
      (result) => done(null, result),
      () => done(null, [[], line]),
    );
  };
}

export async function complete(line: string, commands: readonly string[], cwd: string): Promise<Completion> {
  const slash = /^\/(\S*)$/.exec(line);
  if (slash !== null) {
    const word = slash[1] ?? "";
    return [commands.filter((name) => name.startsWith(word)).sort().map((name) => `/${name} `), line];
  }
  const mention = /(?:^|\s)@(\S*)$/.exec(line);
  if (mention !== null) {
    const partial = mention[1] ?? "";
    return [(await completePath(partial, cwd)).map((path) => `@${path}`), `@${partial}`];
  }
  return [[], line];
}
