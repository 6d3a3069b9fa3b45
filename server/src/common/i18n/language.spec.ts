import { languageFromHeader } from './language.js';

describe('languageFromHeader', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['hi', 'hi'],
    ['hi-IN,hi;q=0.9,en;q=0.8', 'hi'],
    ['en-IN,en;q=0.9,hi;q=0.8', 'en'],
    ['fr, hi;q=0.5, en;q=0.4', 'hi'],
    ['en;q=0.2, hi;q=0.9', 'hi'],
    ['hi;q=0, en', 'en'],
    ['ta-IN, de', 'en'],
    ['HI', 'hi'],
  ])('%p is %p', (header, language) => {
    expect(languageFromHeader(header)).toBe(language);
  });
});
