/**
 * The part of RFC 6570 that resource templates use: `{var}` (one segment: no `/`, `?` or `#`,
 * even percent-encoded, and never `.` or `..`)
 * and `{+var}` (reserved expansion: anything). Enough to match a URI against a template and
 * name its variables; other operators are refused at registration, so a template never
 * silently matches what its author did not mean.
 */

export interface UriTemplate {
  readonly source: string;
  readonly variables: readonly string[];
  /** The variables of `uri` when it matches, else undefined. */
  match(uri: string): Record<string, string> | undefined;
}

const EXPRESSION = /\{([^{}]*)\}/g;
const VARIABLE_NAME = /^[A-Za-z0-9_]+$/;

/** Compiles a template; throws a TypeError saying what is wrong with which expression. */
export function compileUriTemplate(source: string): UriTemplate {
  const variables: string[] = [];
  const reservedAt: boolean[] = [];
  let pattern = "^";
  let last = 0;
  for (const m of source.matchAll(EXPRESSION)) {
    pattern += escape(source.slice(last, m.index));
    last = m.index + m[0].length;
    const reserved = m[1]!.startsWith("+");
    const name = reserved ? m[1]!.slice(1) : m[1]!;
    if (!VARIABLE_NAME.test(name)) {
      throw new TypeError(`uriTemplate ${JSON.stringify(source)}: expression ${m[0]} is not supported (use {name} or {+name}; names are letters, digits and _)`);
    }
    if (variables.includes(name)) throw new TypeError(`uriTemplate ${JSON.stringify(source)}: variable "${name}" appears twice`);
    variables.push(name);
    reservedAt.push(reserved);
    pattern += reserved ? "(.+?)" : "([^/?#]+)";
  }
  const rest = source.slice(last);
  if (/[{}]/.test(rest)) throw new TypeError(`uriTemplate ${JSON.stringify(source)}: unbalanced brace`);
  pattern += `${escape(rest)}$`;
  if (variables.length === 0) throw new TypeError(`uriTemplate ${JSON.stringify(source)} has no {variable}: register it with uri instead`);
  const regex = new RegExp(pattern);
  return {
    source,
    variables,
    match(uri) {
      const m = regex.exec(uri);
      if (m === null) return undefined;
      const vars: Record<string, string> = {};
      for (const [i, name] of variables.entries()) {
        const value = safeDecode(m[i + 1]!);
        // A one-segment {var} stays one segment once decoded: `..%2F..%2Fetc` or `..` never reaches a read that builds a path from it.
        if (!reservedAt[i] && (value.includes("/") || value === "." || value === "..")) return undefined;
        vars[name] = value;
      }
      return vars;
    },
  };
}

function escape(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
