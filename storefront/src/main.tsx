import { runStaticOffers } from './shell/staticOffers';
import { keepShellUse } from './lib/shellUse';
import { whenIdleOrUsed, whenUsed } from './lib/whenIdle';

/**
 * The entry evaluates only what the server-drawn page needs to work; the app (React, the router,
 * the query cache, the texts) is evaluated when it starts. Its styles come with the HTML (the
 * server links them, page-preloads.ts).
 */
const root = document.getElementById('root')!;

/**
 * A signed-out visitor's home page is complete as the server drew it (links, offers, search
 * field): the app starts when the visitor first uses the page. A signed-in visitor's needs the
 * app for the account, and a home page opened with a query (a finished Google sign-in) for what
 * it asks; a product page needs it for the packs: those start once the browser is idle.
 */
function waitsForUse() {
  const home = window.location.pathname === '/' || window.location.pathname === '/home';
  const query = [...new URLSearchParams(window.location.search).keys()];
  return (
    home &&
    !document.documentElement.hasAttribute('data-signed-in') &&
    query.every((key) => key === 'lang')
  );
}

/** Whether the visitor reached for the drawn page (the focus, some typing) before this ran. */
function usedBeforeTheScript(shell: Element) {
  const focused = document.activeElement;
  const typed = [...shell.querySelectorAll('input')].some((input) => input.value !== '');
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
