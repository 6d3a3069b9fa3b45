/**
 * The packs of a server-drawn product page (server/src/http/product-shell.ts) answer a tap before
 * the app has started: the tapped pack is shown chosen, and the order summary and the buy bar name
 * it with its price. The app makes the same choice once it runs (the press is carried over,
 * lib/shellUse.ts).
 */
export function runStaticPacks(shell: Element) {
  shell.addEventListener('click', (event) => {
    const pack = (event.target as Element).closest<HTMLButtonElement>(
      '.item-card[data-shell-key^="pack-"]',
    );
    if (!pack || pack.disabled) return;
    for (const card of shell.querySelectorAll('.item-card')) {
      card.classList.toggle('is-selected', card === pack);
      card.setAttribute('aria-pressed', String(card === pack));
    }
    for (const name of shell.querySelectorAll('[data-static-pack-name]')) {
      name.textContent = pack.dataset.name ?? '';
    }
    for (const price of shell.querySelectorAll('[data-static-pack-price]')) {
      price.textContent = pack.dataset.price ?? '';
    }
  });
}
