import fs from 'node:fs';
import path from 'node:path';
import { productText, productTextKeys, rawProductText } from './shell-product-texts.js';

const catalogue = (language: string) =>
  JSON.parse(
    fs.readFileSync(
      path.resolve(import.meta.dirname, `../../../storefront/src/i18n/${language}.json`),
      'utf8',
    ),
  ) as { product: Record<string, string> };

describe('the texts of a drawn product page', () => {
  it.each(['en', 'hi'] as const)('are the storefront catalogue’s words in %s', (language) => {
    const { product } = catalogue(language);
    for (const key of productTextKeys()) {
      expect({ key, text: rawProductText(language, key) }).toEqual({ key, text: product[key] });
    }
  });

  it('fills the placeholders it is given and leaves the others', () => {
    expect(productText('en', 'whereFind', { label: 'User ID' })).toBe(
      'Where do I find my User ID?',
    );
    expect(productText('en', 'hintMax')).toBe('Up to {{max}} characters.');
  });
});
