import { isLookAlikeEmail, normalizeEmail } from './email-address.js';

describe('e-mail addresses', () => {
  it('are kept trimmed, NFKC-normalised and in lower case', () => {
    expect(normalizeEmail('  User@Example.COM ')).toBe('user@example.com');
    expect(normalizeEmail('ｕｓｅｒ@ｅｘａｍｐｌｅ.com')).toBe('user@example.com');
  });

  it.each([
    ['us\u0435r@example.com', 'a Cyrillic е in the local part'],
    ['user@exampl\u0435.com', 'a Cyrillic е in the domain'],
    ['p\u0430ypal@example.com', 'a Cyrillic а'],
    ['\u03bfmega@example.com', 'a Greek ο'],
    ['us\u200ber@example.com', 'a zero-width space'],
    ['user\u00ad@example.com', 'a soft hyphen'],
    ['\uff55ser@example.com', 'a full-width ｕ'],
  ])('flag %s as a look-alike (%s)', (email) => {
    expect(isLookAlikeEmail(email)).toBe(true);
  });

  it.each([
    ['user@example.com'],
    ['first.last+tag_1@mail.example.co.in'],
    ['иван@пример.рф'],
    ['ivan@пример.com'],
    ['राम@उदाहरण.भारत'],
    ['山田taro@example.jp'],
    ['josé@example.com'],
  ])('accept %s, written in one script per part', (email) => {
    expect(isLookAlikeEmail(email)).toBe(false);
  });
});
