/**
 * Text analysis for tool search: identifiers split into words (snake_case, camelCase, dotted,
 * digits), lower-cased, stop words dropped and a light suffix stemmer applied, identically to
 * tool text and queries, so "listing files" meets `list_files` and "getWeather" meets "weather".
 */

// Words that carry no meaning about which tool fits ("how do I get the ...").
const STOP_WORDS = new Set(
  (
    "a an and are as at be but by can could do does for from had has have how i if in into is it its me my of on or our " +
    "please should so some than that the their them then there these this those to us was we what when where which who " +
    "will with would you your want need help let give"
  ).split(" "),
);

// One word: an acronym (not the capital starting the next word), a capitalised or lower-case run, digits, or any other letters.
const WORD = /\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+|\p{L}+/gu;

/** The words of an identifier: `getWeatherForecast` / `get_weather.forecast2` → get weather forecast 2. */
export function splitIdentifier(identifier: string): string[] {
  return (identifier.match(WORD) ?? []).map((word) => word.toLowerCase());
}

/** A light English stemmer: plural and verb endings only, so unrelated words are never merged. */
function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("sses")) return word.slice(0, -2);
  if (word.endsWith("ing") && word.length > 5) return undouble(word.slice(0, -3));
  if (word.endsWith("ed") && word.length > 4) return undouble(word.slice(0, -2));
  if (word.endsWith("es") && /(?:ch|sh|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && !word.endsWith("is")) return word.slice(0, -1);
  return word;
}

// "running" → "runn" → "run", so the -ing and base forms meet.
function undouble(word: string): string {
  return /([b-df-hj-np-tv-z])\1$/.test(word) && !/(?:ll|ss|zz)$/.test(word) ? word.slice(0, -1) : word;
}

/** The index terms of a text: its words (identifiers split), stop words removed, stemmed. */
export function analyze(text: string): string[] {
  const out: string[] = [];
  for (const word of splitIdentifier(text)) if (!STOP_WORDS.has(word)) out.push(stem(word));
  return out;
}
