/**
 * A server's `elicitation/create` answered in the REPL. Form mode asks for each field of the
 * requested schema (with its default), validates the answer and asks again when it is wrong,
 * then sends it, declines or cancels as the user chooses. URL mode prints the URL and waits
 * until the user says they are done there (or declines).
 */
import type { ElicitRequestFormParams, ElicitRequestURLParams, ElicitResult } from "@modelcontextprotocol/client";
import type { ElicitationHandler } from "../mcp/client-handlers.js";

type Value = string | number | boolean | string[];
type Field = ElicitRequestFormParams["requestedSchema"]["properties"][string];

export interface ElicitationIo {
  ask(question: string): Promise<string>;
  print(text: string): void;
}

/** A wrong answer is asked again at most this often before the form is cancelled. */
const MAX_TRIES = 3;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function createElicitationHandler(io: ElicitationIo): ElicitationHandler {
  return async ({ server, from, params }) => {
    const who = from ?? `MCP server "${server}"`;
    if (params.mode === "url") return askUrl(io, who, params);
    return askForm(io, who, params as ElicitRequestFormParams);
  };
}

async function askUrl(io: ElicitationIo, who: string, params: ElicitRequestURLParams): Promise<ElicitResult> {
  io.print(`\n🔗 ${who} asks you to open this URL:\n    ${params.url}\n    ${params.message}`);
  const answer = (await io.ask("Press Enter when you are done there, or type n to decline: ")).trim().toLowerCase();
  return { action: answer === "n" || answer === "no" ? "decline" : "accept" };
}

async function askForm(io: ElicitationIo, who: string, params: ElicitRequestFormParams): Promise<ElicitResult> {
  io.print(`\n📝 ${who} asks: ${params.message}\n   (Enter keeps the default shown in [brackets]; type !cancel to stop)`);
  const required = new Set(params.requestedSchema.required ?? []);
  const content: Record<string, Value> = {};
  for (const [key, field] of Object.entries(params.requestedSchema.properties)) {
    const value = await askField(io, key, field, required.has(key));
    if (value === CANCEL) return { action: "cancel" };
    if (value !== undefined) content[key] = value;
  }
  const choice = (await io.ask("Send these answers? [y]es / [d]ecline / [c]ancel: ")).trim().toLowerCase();
  if (choice === "y" || choice === "yes") return { action: "accept", content };
  return { action: choice === "d" || choice === "decline" ? "decline" : "cancel" };
}

const CANCEL = Symbol("cancel");

async function askField(io: ElicitationIo, key: string, field: Field, required: boolean): Promise<Value | undefined | typeof CANCEL> {
  const title = field.title ?? key;
  const choices = choicesOf(field);
  const hint = [field.description, choices !== undefined ? `one of: ${choices.map((c, i) => `${i + 1}) ${c.label}`).join(", ")}` : undefined]
    .filter((t) => t !== undefined && t !== "")
    .join(" — ");
  const fallback = "default" in field && field.default !== undefined ? (field.default as Value) : undefined;
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const shown = fallback !== undefined ? ` [${Array.isArray(fallback) ? fallback.join(", ") : String(fallback)}]` : "";
    const raw = (await io.ask(`  ${title}${required ? " *" : ""}${hint !== "" ? ` (${hint})` : ""}${shown}: `)).trim();
    if (raw === "!cancel") return CANCEL;
    if (raw === "") {
      if (fallback !== undefined || !required) return fallback;
      io.print("    This field is required.");
      continue;
    }
    const parsed = parseValue(field, raw, choices);
    if (typeof parsed === "object" && parsed !== null && "error" in parsed) {
      io.print(`    ${parsed.error}`);
      continue;
    }
    return parsed;
  }
  io.print(`    No valid answer for "${title}"; the form is cancelled.`);
  return CANCEL;
}

interface Choice {
  value: string;
  label: string;
}

function choicesOf(field: Field): Choice[] | undefined {
  const source = field.type === "array" ? (field.items as Record<string, unknown>) : (field as Record<string, unknown>);
  if (Array.isArray(source.enum)) return (source.enum as string[]).map((v, i) => ({ value: v, label: String((source.enumNames as string[] | undefined)?.[i] ?? v) }));
  const titled = (source.oneOf ?? source.anyOf) as Array<{ const: string; title?: string }> | undefined;
  return Array.isArray(titled) ? titled.map((o) => ({ value: o.const, label: o.title ?? o.const })) : undefined;
}

function parseValue(field: Field, raw: string, choices: Choice[] | undefined): Value | { error: string } {
  const f = field as Record<string, unknown>;
  if (field.type === "boolean") {
    if (/^(y|yes|true)$/i.test(raw)) return true;
    if (/^(n|no|false)$/i.test(raw)) return false;
    return { error: "Answer y or n." };
  }
  if (field.type === "number" || field.type === "integer") {
    const n = Number(raw);
    if (!Number.isFinite(n) || (field.type === "integer" && !Number.isInteger(n))) return { error: `Enter ${field.type === "integer" ? "a whole number" : "a number"}.` };
    if (typeof f.minimum === "number" && n < f.minimum) return { error: `The smallest allowed value is ${f.minimum}.` };
    if (typeof f.maximum === "number" && n > f.maximum) return { error: `The largest allowed value is ${f.maximum}.` };
    return n;
  }
  if (choices !== undefined) return pickChoices(field.type === "array", raw, choices, f);
  return checkString(raw, f);
}

function pickChoices(many: boolean, raw: string, choices: Choice[], f: Record<string, unknown>): string | string[] | { error: string } {
  const picked: string[] = [];
  for (const part of many ? raw.split(",") : [raw]) {
    const t = part.trim();
    const byNumber = /^\d+$/.test(t) ? choices[Number(t) - 1] : undefined;
    const choice = byNumber ?? choices.find((c) => c.value === t || c.label.toLowerCase() === t.toLowerCase());
    if (choice === undefined) return { error: `"${t}" is not one of the choices; give its number or name.` };
    picked.push(choice.value);
  }
  if (!many) return picked[0] as string;
  if (typeof f.minItems === "number" && picked.length < f.minItems) return { error: `Choose at least ${f.minItems}.` };
  if (typeof f.maxItems === "number" && picked.length > f.maxItems) return { error: `Choose at most ${f.maxItems}.` };
  return picked;
}

function checkString(raw: string, f: Record<string, unknown>): string | { error: string } {
  if (typeof f.minLength === "number" && raw.length < f.minLength) return { error: `Enter at least ${f.minLength} characters.` };
  if (typeof f.maxLength === "number" && raw.length > f.maxLength) return { error: `Enter at most ${f.maxLength} characters.` };
  if (f.format === "email" && !EMAIL.test(raw)) return { error: "Enter an email address (name@example.com)." };
  if (f.format === "date" && (!DATE.test(raw) || Number.isNaN(Date.parse(raw)))) return { error: "Enter a date as YYYY-MM-DD." };
  if (f.format === "uri" && !URL.canParse(raw)) return { error: "Enter a full URL (https://…)." };
  return raw;
}
