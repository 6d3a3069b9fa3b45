import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { App } from './App';
import { ensureDeviceCookie } from './lib/device';
import { preloadPageOf } from './routes';
import { keepShellUse } from './lib/shellUse';
import { whenIdleOrUsed } from './lib/whenIdle';
import { loadLanguage } from './i18n';
import { initialLanguage } from './i18n/language';

ensureDeviceCookie();
// English is in the app's code; Hindi's catalogue loads beside the page's code when chosen.
const languageReady = loadLanguage(initialLanguage());

const root = document.getElementById('root')!;

function start() {
  // A transition renders the first screen in slices that leave the main thread free in between.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

// The server drew this page's first screen (its links work without the app): the app takes over
// once the browser is idle or the visitor reaches for something, with the page's code at hand.
const shell = root.querySelector('[data-static-shell]');
if (shell) {
  const handOver = keepShellUse(shell);
  const takeOver = () => {
    start();
    handOver();
  };
  void Promise.all([preloadPageOf(window.location.pathname), whenIdleOrUsed(), languageReady]).then(
    takeOver,
    takeOver,
  );
} else {
  void languageReady.then(start, start);
}
