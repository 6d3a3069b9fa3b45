/** Deeper than any body a client of ours sends (the deepest DTO nests three levels). */
export const MAX_INPUT_DEPTH = 32;

/**
 * Keys and array elements in one input, counted over every level: the largest body a client of
 * ours sends (a product with its inputs and packs) has a few dozen. Validation turns a body into
 * its DTO in time that grows with the square of its keys, so this bound keeps every refusal cheap.
 */
export const MAX_INPUT_ENTRIES = 1_000;

/** Characters in one text: the longest field a client sends holds 2,000. */
export const MAX_INPUT_TEXT = 10_000;

/** A NUL, or half of a surrogate pair without its other half (`\p{Cs}` matches only those). */
// eslint-disable-next-line no-control-regex
const UNCLEAN_TEXT = /[\u0000\p{Cs}]/u;
const isCleanText = (text: string) => text.length <= MAX_INPUT_TEXT && !UNCLEAN_TEXT.test(text);

/**
 * Whether `value` can be input to any route: nested no deeper than `MAX_INPUT_DEPTH`, holding no
 * more than `MAX_INPUT_ENTRIES` keys and elements, and no string (value or key) longer than
 * `MAX_INPUT_TEXT` or holding a NUL character (PostgreSQL text refuses it) or a lone surrogate
 * (the validators throw on it). Walks without recursion, so a deep value costs no stack, and
 * stops at the first entry past the bound.
 */
export function isCleanInput(value: unknown): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  let entries = 0;
  while (pending.length) {
    const [current, depth] = pending.pop()!;
    if (typeof current === 'string') {
      if (!isCleanText(current)) return false;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return false;
    if (Array.isArray(current) && entries + current.length > MAX_INPUT_ENTRIES) return false;
    for (const key in current) {
      entries += 1;
      if (entries > MAX_INPUT_ENTRIES || !isCleanText(key)) return false;
      pending.push([(current as Record<string, unknown>)[key], depth + 1]);
    }
  }
  return true;
}
