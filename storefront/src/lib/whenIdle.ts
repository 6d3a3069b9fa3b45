/** The longest the app waits for an idle moment after the page has loaded. */
const IDLE_TIMEOUT_MS = 2_000;
const USE_EVENTS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * Resolves once the page has loaded and the browser has an idle moment, or at once when the
 * visitor touches, clicks, types or moves the focus, whichever comes first.
 */
export function whenIdleOrUsed(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const type of USE_EVENTS) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of USE_EVENTS) window.addEventListener(type, done, true);
    const idle = () => {
      if ('requestIdleCallback' in window) {
        window.requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
      } else setTimeout(done, 1);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}
