import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ensureDeviceCookie } from './lib/device';
import { preloadPageOf } from './routes';
import { loadLanguage } from './i18n';
import { initialLanguage } from './i18n/language';

/** Everything the app's first render needs: the page's code and the language's texts. */
export function prepareApp(pathname: string) {
  ensureDeviceCookie();
  // English is in the app's code; Hindi's catalogue loads beside the page's code when chosen.
  return Promise.all([preloadPageOf(pathname), loadLanguage(initialLanguage())]).then(
    () => undefined,
    () => undefined,
  );
}

export function startApp(root: HTMLElement) {
  // A transition renders the first screen in slices that leave the main thread free in between.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
