/**
 * E-mail addresses as the store keeps and compares them, and the look-alike check (UTS #39,
 * "highly restrictive" mixed-script detection): the server refuses such addresses for new
 * accounts and the console flags existing ones, from this one module.
 */

/** Trimmed, NFKC-normalised (full-width and compatibility forms folded) and lower-cased. */
export function normalizeEmail(value: string): string {
  return value.trim().normalize('NFKC').toLowerCase();
}

/** Scripts told apart; a letter of any other script counts as one more script of its own. */
const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Cherokee',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Mongolian',
  'Ethiopic',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Bopomofo',
].map((name) => ({ name, pattern: new RegExp(`^\\p{Script=${name}}$`, 'u') }));

const SHARED = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/u;

/** The script combinations UTS #39 allows in one identifier beside a single script. */
const ALLOWED_MIXES = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

function scriptOf(char: string) {
  return SCRIPTS.find((script) => script.pattern.test(char))?.name ?? `U+${char.codePointAt(0)}`;
}

function mixesScripts(part: string) {
  const scripts = new Set<string>();
  for (const char of part) if (!SHARED.test(char)) scripts.add(scriptOf(char));
  if (scripts.size <= 1) return false;
  return !ALLOWED_MIXES.some((allowed) => [...scripts].every((s) => allowed.includes(s)));
}

/**
 * Whether an address could pass for another: its local part, or a label of its domain, mixes
 * letters of different scripts (`usеr` with a Cyrillic "е"), it holds invisible characters, or
 * it is not in its normal form (a full-width `ｕser`, kept from before addresses were normalised).
 */
export function isLookAlikeEmail(email: string): boolean {
  if (INVISIBLE.test(email) || email.normalize('NFKC') !== email) return true;
  const at = email.lastIndexOf('@');
  const local = at < 0 ? email : email.slice(0, at);
  const labels = at < 0 ? [] : email.slice(at + 1).split('.');
  return mixesScripts(local) || labels.some(mixesScripts);
}
