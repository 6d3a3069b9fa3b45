import { runStaticOffers } from './shell/staticOffers';
import { runStaticPacks } from './shell/staticPacks';
import { keepShellUse } from './lib/shellUse';
import { whenIdleOrUsed, whenUsed } from './lib/whenIdle';

/**
 * The entry evaluates only what the server-drawn page needs to work; the app (React, the router,
 * the query cache, the texts) is evaluated when it starts. Its styles come with the HTML (the
 * server links them, page-preloads.ts).
 */
const root = document.getElementById('root')!;

/**
 * A signed-out visitor's home page and product pages are complete as the server drew them (links,
 * offers, search field; the player form, the packs and the summary): the app starts when the
 * visitor first uses the page, and takes over what they did (lib/shellUse.ts). A signed-in
 * visitor's page needs the app for the account, and a page opened with a query (a finished Google
 * sign-in, a pack and player to restore) for what it asks: those start once the browser is idle.
 */
function waitsForUse() {
  const { pathname } = window.location;
  const drawnWhole =
    pathname === '/' || pathname === '/home' || /^\/product\/[^/]+$/.test(pathname);
  const query = [...new URLSearchParams(window.location.search).keys()];
  return (
    drawnWhole &&
    !document.documentElement.hasAttribute('data-signed-in') &&
    query.every((key) => key === 'lang')
  );
}

/** Whether the visitor reached for the drawn page (the focus, some typing) before this ran. */
function usedBeforeTheScript(shell: Element) {
  const focused = document.activeElement;
  const typed = [
    ...shell.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select'),
  ].some((input) => input.value !== '');
  return typed || (focused !== null && focused !== document.body && shell.contains(focused));
}

/** The app, with what its first render needs at hand. */
const prepare = () =>
  import('./start').then(async (app) => {
    await app.prepareApp(window.location.pathname);
    return app;
  });

const shell = root.querySelector('[data-static-shell]');
if (shell) {
  const waits = waitsForUse() && !usedBeforeTheScript(shell);
  const offers = runStaticOffers(shell);
  runStaticPacks(shell);
  const handOver = keepShellUse(shell);
  const takeOver = (app: Awaited<ReturnType<typeof prepare>>) => {
    app.startApp(root);
    handOver();
  };
  if (waits) {
    // What the visitor does inside the open pop-up is the pop-up's own business.
    void whenUsed(() => offers.popup)
      .then(prepare)
      .then(takeOver);
  } else {
    void Promise.all([prepare(), whenIdleOrUsed()]).then(([app]) => takeOver(app));
  }
} else {
  void prepare().then((app) => app.startApp(root));
}
