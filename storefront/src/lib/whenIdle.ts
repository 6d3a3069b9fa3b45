/** The longest the app waits for an idle moment after the page has loaded. */
const IDLE_TIMEOUT_MS = 2_000;
const USE_EVENTS = ['pointerdown', 'keydown', 'focusin', 'touchstart', 'wheel'] as const;

/**
 * Resolves at once when the visitor touches, clicks, types, scrolls with a wheel or moves the
 * focus, except inside `unlessWithin` (while it is on the page).
 */
export function whenUsed(unlessWithin?: () => Element | null): Promise<void> {
  return new Promise((resolve) => {
    const done = (event: Event) => {
      const within = unlessWithin?.();
      const inside =
        event.target instanceof Node && within?.isConnected && within.contains(event.target);
      if (inside) return;
      for (const type of USE_EVENTS) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of USE_EVENTS) window.addEventListener(type, done, true);
  });
}

/**
 * Resolves once the page has loaded and the browser has an idle moment, or at once when the
 * visitor uses the page (`whenUsed`), whichever comes first.
 */
export function whenIdleOrUsed(): Promise<void> {
  const idle = new Promise<void>((resolve) => {
    const whenIdle = () => {
      if ('requestIdleCallback' in window) {
        window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      } else setTimeout(resolve, 1);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
  return Promise.race([idle, whenUsed()]);
}
