import { useEffect, useLayoutEffect } from 'react';

const SITE_NAME = 'Z Store';

function setDocumentHead(title: string, description: string) {
  document.title = `${title} | ${SITE_NAME}`;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = description;
}

/** Sets the tab title (`<title> | Z Store`) and the meta description of the page on screen. */
export function useDocumentHead(title: string, description: string) {
  useEffect(() => setDocumentHead(title, description), [title, description]);
}

/**
 * The route's own head, set before the effects of the page it shows: a page that knows more
 * (a product's name) overrides it even when both appear at once.
 */
export function useRouteHead(title: string, description: string) {
  useLayoutEffect(() => setDocumentHead(title, description), [title, description]);
}

const HREFLANGS = [
  ['en-IN', ''],
  ['hi-IN', '?lang=hi'],
  ['x-default', ''],
] as const;

/**
 * A page's addresses in each language (`?lang=hi` for Hindi) as `hreflang` links, as the server
 * draws them for a product page; replaced when the app moves to another page.
 */
export function useHreflang(path: string) {
  useEffect(() => {
    const selector = 'link[rel="alternate"][hreflang]';
    for (const old of document.head.querySelectorAll(selector)) old.remove();
    const links = HREFLANGS.map(([hreflang, query]) => {
      const link = document.createElement('link');
      link.rel = 'alternate';
      link.hreflang = hreflang;
      link.href = new URL(`${path}${query}`, window.location.origin).toString();
      document.head.append(link);
      return link;
    });
    return () => links.forEach((link) => link.remove());
  }, [path]);
}
