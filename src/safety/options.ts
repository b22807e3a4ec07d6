/**
 * Reads a command's options the way getopt does, given which options take a value: short
 * clusters (`-sLo FILE`, `-so FILE`, `-oFILE`), long options with `=` or a separate value, and
 * unambiguous abbreviations (`--direc DIR`, as getopt_long accepts). Knowing the valued options
 * keeps a value from being read as an operand (`git clone -b main URL DIR`).
 */

export interface OptionSpec {
  /** Short options that take a value. */
  short?: string;
  /** Short options whose value, if any, is attached (`sed -i.bak`). */
  attached?: string;
  /** Long options (without `--`) that take a value. */
  long?: readonly string[];
  /** Options written with one dash that take a value (`openssl -out FILE`, `sqlite3 -cmd X`). */
  dashLong?: readonly string[];
}

export interface Option {
  /** The letter or the long name (without dashes). */
  name: string;
  value?: string;
  /** Given with two dashes: it also stands for the long names it abbreviates. */
  long?: true;
}

export interface ParsedArgs {
  options: Option[];
  operands: string[];
}

/** Long abbreviations shorter than this are not expanded. */
const MIN_ABBREVIATION = 3;

export function parseArgs(args: readonly string[], spec: OptionSpec): ParsedArgs {
  const out: ParsedArgs = { options: [], operands: [] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") {
      out.operands.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith("-") || arg === "-") out.operands.push(arg);
    else if (spec.dashLong?.includes(arg.slice(1))) out.options.push({ name: arg.slice(1), value: args[++i] ?? "" });
    else if (arg.startsWith("--")) i = longOption(args, i, spec, out.options);
    else i = shortCluster(args, i, spec, out.options);
  }
  return out;
}

/** `--name=value`, `--name value` (when valued) or `--name`; returns the last index used. */
function longOption(args: readonly string[], i: number, spec: OptionSpec, options: Option[]): number {
  const arg = args[i]!;
  const eq = arg.indexOf("=");
  const given = arg.slice(2, eq === -1 ? undefined : eq);
  const name = valuedLongName(given, spec.long ?? []);
  if (eq !== -1) options.push({ name: name ?? given, value: arg.slice(eq + 1), long: true });
  else if (name !== undefined) options.push({ name, value: args[i + 1] ?? "", long: true });
  else options.push({ name: given, long: true });
  return eq === -1 && name !== undefined ? i + 1 : i;
}

function valuedLongName(given: string, valued: readonly string[]): string | undefined {
  if (valued.includes(given)) return given;
  return given.length >= MIN_ABBREVIATION ? valued.find((v) => v.startsWith(given)) : undefined;
}

/** `-abc`: flags up to the first valued letter, whose value is the rest or the next word. */
function shortCluster(args: readonly string[], i: number, spec: OptionSpec, options: Option[]): number {
  const arg = args[i]!;
  for (let j = 1; j < arg.length; j++) {
    const letter = arg[j]!;
    const rest = arg.slice(j + 1);
    if (spec.short?.includes(letter)) {
      if (rest !== "") options.push({ name: letter, value: rest });
      else options.push({ name: letter, value: args[i + 1] ?? "" });
      return rest === "" ? i + 1 : i;
    }
    if (spec.attached?.includes(letter)) {
      options.push(rest === "" ? { name: letter } : { name: letter, value: rest });
      return i;
    }
    options.push({ name: letter });
  }
  return i;
}

/** Whether any of the options (letters or long names) was given. */
export function given(p: ParsedArgs, ...names: string[]): boolean {
  return p.options.some((o) => matches(o, names));
}

/** An option is one of `names`, or (given with two dashes) an abbreviation of a long one, as getopt_long reads it. */
function matches(o: Option, names: readonly string[]): boolean {
  return names.some((n) => n === o.name || (o.long === true && n.length > 1 && o.name.length > 0 && n.startsWith(o.name)));
}

/** The values given to any of the options, in order. */
export function values(p: ParsedArgs, ...names: string[]): string[] {
  return p.options.filter((o) => matches(o, names) && o.value !== undefined).map((o) => o.value!);
}
