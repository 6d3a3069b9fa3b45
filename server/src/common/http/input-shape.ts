/** Deeper than any body a client of ours sends (the deepest DTO nests three levels). */
export const MAX_INPUT_DEPTH = 32;

/** A NUL, or half of a surrogate pair without its other half (`\p{Cs}` matches only those). */
// eslint-disable-next-line no-control-regex
const UNCLEAN_TEXT = /[\u0000\p{Cs}]/u;
const isCleanText = (text: string) => !UNCLEAN_TEXT.test(text);

/**
 * Whether `value` can be input to any route: nested no deeper than `MAX_INPUT_DEPTH`, and no
 * string (value or key) holding a NUL character (PostgreSQL text refuses it) or a lone surrogate
 * (the validators throw on it). Walks without recursion, so a deep value costs no stack.
 */
export function isCleanInput(value: unknown): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length) {
    const [current, depth] = pending.pop()!;
    if (typeof current === 'string') {
      if (!isCleanText(current)) return false;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return false;
    for (const [key, inner] of Object.entries(current)) {
      if (!isCleanText(key)) return false;
      pending.push([inner, depth + 1]);
    }
  }
  return true;
}
