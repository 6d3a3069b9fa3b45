import { galleryLink } from './gallery-link.js';

describe('gallery links', () => {
  it('keeps a path of this store, as a path', () => {
    expect(galleryLink('/product/abc')).toEqual({ kind: 'path', href: '/product/abc' });
    expect(galleryLink(' /offers?x=1#top ')).toEqual({ kind: 'path', href: '/offers?x=1#top' });
  });

  it('keeps an https address, with the host it opens', () => {
    expect(galleryLink('https://shop.example/sale')).toEqual({
      kind: 'external',
      href: 'https://shop.example/sale',
      host: 'shop.example',
    });
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/..//evil.example',
    '/./\\evil.example',
    'http://shop.example/sale',
    'https://shop.example@evil.example/',
    'https://user:pass@evil.example/',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'evil.example',
    'https:evil.example',
    'https:/evil.example',
    'https://',
    '',
  ])('refuses %j', (text) => {
    expect(galleryLink(text)).toBeUndefined();
  });
});
