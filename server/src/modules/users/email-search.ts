import { containsPattern, endsWithPattern } from '../../common/http/list-filters.js';

/**
 * "The e-mail of `alias` contains `text`" (any case) as a query builder condition with its
 * parameters. Every address of a domain shares the domain's trigrams, so a text that spans an
 * `@` is also asked of the part before the address's `@`, which must end with the text's part
 * before it: `users_search_email_local` finds those few, where `users_search_email` would read
 * an entry for every address of the domain.
 */
export function emailContains(alias: string, text: string) {
  const contains = `${alias}.email ILIKE :emailContains`;
  const at = text.indexOf('@');
  if (at <= 0) return { where: contains, parameters: { emailContains: containsPattern(text) } };
  return {
    where: `(split_part(${alias}.email, '@', 1) ILIKE :emailLocalEnd AND ${contains})`,
    parameters: {
      emailContains: containsPattern(text),
      emailLocalEnd: endsWithPattern(text.slice(0, at)),
    },
  };
}
