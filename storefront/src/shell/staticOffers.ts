/**
 * The offers of the server-drawn home page (server/src/http/storefront-shell.ts) work before the
 * app has started, as BannerCarousel and PopupAd do once it has: the carousel turns, pauses and
 * follows its dots and a swipe; the pop-up keeps the focus and closes. The app starts from where
 * the visitor left them (the carousel's `data-current` and `data-paused`; a closed pop-up stays
 * closed).
 */

const AUTO_ADVANCE_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;
const PAUSE_PATH = 'M8 5v14M16 5v14';
const PLAY_PATH = 'M7 4.5v15l12-7.5z';
const POPUP_CLOSED_KEY = 'popupClosedAt';

function turnCarousel(section: HTMLElement) {
  const track = section.querySelector<HTMLElement>('.carousel-track');
  const toggle = section.querySelector<HTMLButtonElement>('.carousel-toggle');
  const slides = track ? ([...track.children] as HTMLElement[]) : [];
  const dots = [...section.querySelectorAll<HTMLButtonElement>('.carousel-dot')];
  const count = slides.length;
  if (!track || !toggle || count < 2) return;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let current = 0;
  let pausedByUser: boolean | null = null;
  let timer: number | undefined;
  let touchStartX: number | null = null;
  const paused = () => pausedByUser ?? reducedMotion.matches;

  const show = () => {
    track.style.transform = `translateX(-${current * 100}%)`;
    slides.forEach((slide, index) => {
      slide.setAttribute('aria-hidden', String(index !== current));
      slide.inert = index !== current;
    });
    dots.forEach((dot, index) => {
      dot.classList.toggle('is-active', index === current);
      dot.setAttribute('aria-current', String(index === current));
    });
    const label = paused() ? toggle.dataset.playLabel : toggle.dataset.pauseLabel;
    if (label) toggle.setAttribute('aria-label', label);
    toggle.querySelector('path')?.setAttribute('d', paused() ? PLAY_PATH : PAUSE_PATH);
    section.dataset.current = String(current);
    if (pausedByUser !== null) section.dataset.paused = String(pausedByUser);
    window.clearTimeout(timer);
    if (!paused()) timer = window.setTimeout(() => go(current + 1), AUTO_ADVANCE_MS);
  };
  const go = (next: number) => {
    // Once the app has drawn its own carousel, this one is gone and stops.
    if (!section.isConnected) return;
    current = (next + count) % count;
    show();
  };

  dots.forEach((dot, index) => dot.addEventListener('click', () => go(index)));
  toggle.addEventListener('click', () => {
    pausedByUser = !paused();
    show();
  });
  section.addEventListener('touchstart', (event) => (touchStartX = event.touches[0].clientX), {
    passive: true,
  });
  section.addEventListener('touchend', (event) => {
    if (touchStartX === null) return;
    const distance = event.changedTouches[0].clientX - touchStartX;
    touchStartX = null;
    if (Math.abs(distance) >= SWIPE_THRESHOLD_PX) go(distance < 0 ? current + 1 : current - 1);
  });
  show();
}

const FOCUSABLE = 'a[href], button:not([disabled])';

/**
 * Opens the drawn pop-up unless it was closed a moment ago (`theme-init.js` decided, before the
 * first paint). Answers whether it is open.
 */
function openPopup(popup: HTMLElement): boolean {
  if (document.documentElement.dataset.offerPopup !== 'due') {
    popup.remove();
    return false;
  }
  const focusables = () => [...popup.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  (focusables()[0] ?? popup).focus();
  const close = () => {
    localStorage.setItem(POPUP_CLOSED_KEY, String(Date.now()));
    document.removeEventListener('keydown', onKey);
    popup.remove();
    if (previous?.isConnected) previous.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    // Once the app has drawn its own pop-up, this one is gone and leaves the keys to it.
    if (!popup.isConnected) {
      document.removeEventListener('keydown', onKey);
      return;
    }
    if (event.key === 'Escape') close();
    if (event.key !== 'Tab') return;
    const controls = focusables();
    const [first, last] = [controls[0], controls[controls.length - 1]];
    const outside = !popup.contains(document.activeElement);
    if (event.shiftKey && (outside || document.activeElement === first)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (outside || document.activeElement === last)) {
      event.preventDefault();
      first.focus();
    }
  };
  document.addEventListener('keydown', onKey);
  popup.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('[data-popup-close]')) close();
  });
  return true;
}

/**
 * Brings the drawn offers to life. Answers the open pop-up, if any: what the visitor does inside
 * it is not a reason to start the app.
 */
export function runStaticOffers(shell: Element): { popup: HTMLElement | null } {
  for (const section of shell.querySelectorAll<HTMLElement>('[data-static-carousel]')) {
    turnCarousel(section);
  }
  const popup = shell.querySelector<HTMLElement>('[data-static-popup]');
  return { popup: popup && openPopup(popup) ? popup : null };
}
