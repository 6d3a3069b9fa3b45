import { useEffect } from 'react';

const SITE_NAME = 'Z Store';

/** Sets the tab title (`<title> | Z Store`) and the meta description of the page on screen. */
export function useDocumentHead(title: string, description: string) {
  useEffect(() => {
    document.title = `${title} | ${SITE_NAME}`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
