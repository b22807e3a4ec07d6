/**
 * Line continuations as bash removes them before it splits words: a backslash-newline vanishes
 * everywhere (`r\⏎m` is `rm`) except inside single quotes, `$'…'`, comments and here-documents
 * with a quoted delimiter. The grammar would otherwise cut the word in two.
 */

interface Heredoc {
  delimiter: string;
  quoted: boolean;
  dash: boolean;
}

const HEREDOC = /^<<(-?)\s*(?:'([^']*)'|"([^"]*)"|\\(\w+)|(\w+))/;

export function joinContinuations(text: string): string {
  if (!text.includes("\\\n")) return text;
  let out = "";
  let quote: "'" | '"' | "$'" | undefined;
  const pending: Heredoc[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === "'" || quote === "$'") {
      out += c;
      if (c === "\\" && quote === "$'") out += text[++i] ?? "";
      else if (c === "'") quote = undefined;
      continue;
    }
    if (c === "\\" && text[i + 1] === "\n") {
      i++;
      continue;
    }
    if (c === "\\") {
      out += c + (text[++i] ?? "");
      continue;
    }
    if (quote === '"') {
      out += c;
      if (c === '"') quote = undefined;
      continue;
    }
    if (c === "'" ) quote = "'";
    else if (c === "$" && text[i + 1] === "'") {
      quote = "$'";
      out += c + text[++i]!;
      continue;
    } else if (c === '"') quote = '"';
    else if (c === "#" && (i === 0 || /[\s;&|()]/.test(text[i - 1]!))) {
      const end = text.indexOf("\n", i);
      out += end === -1 ? text.slice(i) : text.slice(i, end);
      i = (end === -1 ? text.length : end) - 1;
      continue;
    } else if (c === "<" && text[i + 1] === "<" && text[i + 2] !== "<") {
      const m = HEREDOC.exec(text.slice(i));
      if (m !== null) pending.push({ delimiter: m[2] ?? m[3] ?? m[4] ?? m[5] ?? "", quoted: m[5] === undefined, dash: m[1] === "-" });
    } else if (c === "\n" && pending.length > 0) {
      out += c;
      i = copyHeredocs(text, i + 1, pending.splice(0), (s) => (out += s)) - 1;
      continue;
    }
    out += c;
  }
  return out;
}

/** Copies the bodies of the here-documents started on the line just ended; returns where the command text resumes. */
function copyHeredocs(text: string, from: number, docs: readonly Heredoc[], emit: (s: string) => void): number {
  let at = from;
  for (const doc of docs) {
    while (at < text.length) {
      const end = text.indexOf("\n", at);
      const line = end === -1 ? text.slice(at) : text.slice(at, end + 1);
      at = end === -1 ? text.length : end + 1;
      const bare = line.replace(/\n$/, "");
      if ((doc.dash ? bare.replace(/^\t+/, "") : bare) === doc.delimiter) {
        emit(line);
        break;
      }
      emit(doc.quoted ? line : line.replace(/\\\n/g, ""));
    }
  }
  return at;
}
