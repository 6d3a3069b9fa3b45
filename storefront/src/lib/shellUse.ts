/** How long the app's page may take to show the controls the visitor used on the drawn page. */
const FIND_TIMEOUT_MS = 10_000;

interface ShellUse {
  /** `data-shell-key` of the control that had the focus. */
  focus?: string;
  /** `data-shell-key`s of the controls the visitor pressed, in order. */
  presses: string[];
  /** `data-shell-key`s of the fields the visitor reached: what they hold wins, empty or not. */
  reached: Set<string>;
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const keyOf = (target: EventTarget | null) =>
  target instanceof Element
    ? (target.closest('[data-shell-key]')?.getAttribute('data-shell-key') ?? undefined)
    : undefined;

const isField = (element: Element | null): element is Field =>
  element instanceof HTMLInputElement ||
  element instanceof HTMLSelectElement ||
  element instanceof HTMLTextAreaElement;

const control = (key: string) => document.querySelector<HTMLElement>(`[data-shell-key="${key}"]`);

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Keeps what the visitor does to the controls of the server-drawn page (those marked
 * `data-shell-key`, which need the app) until the app has taken over: the presses are made again,
 * in order, on the app's controls of the same key, what was typed or chosen in a field is put in
 * the app's field, and the focus moves there too. Answers the function that hands the use over
 * once the app is rendering.
 */
export function keepShellUse(shell: Element): () => void {
  const use: ShellUse = { presses: [], reached: new Set() };
  const onFocus = (event: FocusEvent) => {
    const key = keyOf(event.target);
    if (!key || !shell.contains(event.target as Node)) return;
    use.focus = key;
    if (isField(event.target as Element)) use.reached.add(key);
  };
  const onPress = (event: MouseEvent) => {
    const key = keyOf(event.target);
    if (!key || !shell.contains(event.target as Node)) return;
    // A click into a field only places the caret, and a guide opens by itself: neither is a
    // press to make again (the field's value and the guide's state are carried over).
    if (isField(event.target as Element) || (event.target as Element).closest('summary')) return;
    event.preventDefault();
    if (use.presses.at(-1) !== key) use.presses.push(key);
    use.focus = key;
  };
  document.addEventListener('focusin', onFocus, true);
  document.addEventListener('click', onPress, true);
  const stopListening = () => {
    document.removeEventListener('focusin', onFocus, true);
    document.removeEventListener('click', onPress, true);
  };

  return () => {
    const root = shell.parentElement;
    if (!shell.isConnected || !root) {
      stopListening();
      return;
    }
    // The app's first commit replaces the drawn page; in the same task the focus goes to the app's
    // control, so a key pressed right after still lands in the field it was meant for.
    const observer = new MutationObserver(() => {
      if (shell.isConnected) return;
      observer.disconnect();
      stopListening();
      void handOver(shell, use);
    });
    observer.observe(root, { childList: true });
  };
}

async function handOver(shell: Element, use: ShellUse) {
  const deadline = Date.now() + FIND_TIMEOUT_MS;
  const drawnFields = [...shell.querySelectorAll<Field>('[data-shell-key]')].filter(
    (field) => isField(field) && (field.value !== '' || use.reached.has(field.dataset.shellKey!)),
  );
  const focused = drawnFields.find((field) => field.dataset.shellKey === use.focus);
  const openGuides = [
    ...shell.querySelectorAll<HTMLDetailsElement>('details[data-shell-key]'),
  ].filter((details) => details.open);
  let pending = [
    ...drawnFields.map((field) => () => carryValue(field)),
    ...openGuides.map((details) => () => carryOpen(details)),
    () => placeFocus(use.focus, focused),
  ];
  // The app's page may render in more than one pass: each control is waited for.
  while (pending.length && Date.now() < deadline) {
    pending = pending.filter((step) => !step());
    if (pending.length) await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  for (const key of use.presses) {
    while (!control(key) && Date.now() < deadline) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    // Each press sees the state the previous one left (a chosen pack, then 'Please Login First').
    await nextTask();
    control(key)?.click();
  }
}

/** Puts a drawn field's value in the app's field of the same key, as typing would; false until it exists. */
function carryValue(drawn: Field): boolean {
  const target = control(drawn.getAttribute('data-shell-key')!);
  if (!isField(target)) return false;
  if (target.value === drawn.value) return true;
  const prototype = Object.getPrototypeOf(target) as object;
  // The app's fields are controlled: the value is set as the browser sets it, then announced.
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(target, drawn.value);
  target.dispatchEvent(
    new Event(target instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
  );
  return true;
}

/** Opens the app's guide of the same key as an open drawn one; false until it exists. */
function carryOpen(drawn: HTMLDetailsElement): boolean {
  const target = control(drawn.getAttribute('data-shell-key')!);
  if (!(target instanceof HTMLDetailsElement)) return false;
  target.open = true;
  return true;
}

function placeFocus(key: string | undefined, drawn: Field | undefined): boolean {
  if (!key) return true;
  const target = control(key);
  if (!target) return false;
  const focusable =
    target instanceof HTMLDetailsElement ? (target.querySelector('summary') ?? target) : target;
  focusable.focus();
  // The caret (or the selection) where it was in the drawn field: typing goes on from there.
  if (
    target instanceof HTMLInputElement &&
    drawn instanceof HTMLInputElement &&
    target.type === 'text' &&
    drawn.selectionStart !== null
  ) {
    target.setSelectionRange(drawn.selectionStart, drawn.selectionEnd);
  }
  return true;
}
