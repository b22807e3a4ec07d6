/**
 * `describeError`: one line of text for anything a handler can throw. It never throws itself:
 * dispatch calls it while answering a failed call, and a throw there would leave the call
 * unanswered. Thrown values can be hostile (a Proxy whose traps throw, an Error whose `message`
 * getter throws, an object without a prototype that `String()` cannot convert), so every read
 * is guarded and the last resort is a fixed description.
 */

/** Longest JSON excerpt used to describe a thrown non-Error object. */
const MAX_EXCERPT_CHARS = 300;

export function describeError(err: unknown): string {
  try {
    return describe(err);
  } catch {
    return "a thrown value that cannot be read (reading it threw)";
  }
}

function describe(err: unknown): string {
  if (typeof err === "string") return err;
  if (typeof err === "symbol") return err.toString();
  if (err === null || (typeof err !== "object" && typeof err !== "function")) return String(err);
  return describeObject(err);
}

function describeObject(err: object): string {
  const isError = safeIsError(err);
  const message = readText(err, "message");
  const name = readText(err, "name") ?? (isError ? "Error" : undefined);
  if (message !== undefined) return name !== undefined ? `${name}: ${message}` : message;
  if (isError) return `${name ?? "Error"} (its message could not be read)`;
  if (typeof err === "function") return `a function${name !== undefined && name !== "" ? ` named ${name}` : ""}`;
  return plainText(err) ?? jsonExcerpt(err) ?? "a thrown object that cannot be read (its properties throw)";
}

function safeIsError(value: object): boolean {
  try {
    return value instanceof Error;
  } catch {
    return false;
  }
}

/** `obj[key]` as text, or undefined when missing or unreadable. */
function readText(obj: object, key: string): string | undefined {
  try {
    const value = (obj as Record<string, unknown>)[key];
    if (value === undefined || value === null) return undefined;
    // Not describe(): a message that is its own error object would recurse without end.
    return typeof value === "string" ? value : String(value);
  } catch {
    return undefined;
  }
}

/** `String(obj)` when it says more than "[object Object]". */
function plainText(obj: object): string | undefined {
  try {
    const text = String(obj);
    return /^\[object \w+\]$/.test(text) ? undefined : text;
  } catch {
    return undefined;
  }
}

function jsonExcerpt(obj: object): string | undefined {
  try {
    const json = JSON.stringify(obj);
    if (json === undefined) return undefined;
    return json.length > MAX_EXCERPT_CHARS ? `${json.slice(0, MAX_EXCERPT_CHARS)}…` : json;
  } catch {
    return undefined;
  }
}
