/** How long the app's page may take to show the controls the visitor used on the drawn page. */
const FIND_TIMEOUT_MS = 10_000;

interface ShellUse {
  /** `data-shell-key` of the control that had the focus. */
  focus?: string;
  /** `data-shell-key`s of the controls the visitor pressed, in order. */
  presses: string[];
  /** `data-shell-key`s of the fields the visitor reached: what they hold wins, empty or not. */
  reached: Set<string>;
  /**
   * `data-shell-key` of the control under a pointer still down: replaced before the pointer is
   * lifted, it gets no click from the browser, so the app's control is pressed once it is lifted.
   */
  held?: string;
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

/**
 * The key of a control whose press the app must make (a field only takes the caret, and a guide
 * opens by itself: their values and state are carried over instead).
 */
function pressedKey(shell: Element, target: EventTarget | null) {
  const key = keyOf(target);
  if (!key || !shell.contains(target as Node)) return undefined;
  if (isField(target as Element) || (target as Element).closest('summary')) return undefined;
  return key;
}

const control = (key: string) => document.querySelector<HTMLElement>(`[data-shell-key="${key}"]`);

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * Keeps what the visitor does to the controls of the server-drawn page (those marked
 * `data-shell-key`, which need the app) until the app has taken over: the presses are made again,
 * in order, on the app's controls of the same key, what was typed or chosen in a field is put in
 * the app's field, and the focus moves there too. Answers the function that hands the use over
 * once the app is rendering.
 */
export function keepShellUse(shell: Element): () => void {
  const use: ShellUse = { presses: [], reached: new Set() };
  const onFocus = (target: EventTarget | null) => {
    const key = keyOf(target);
    if (!key || !shell.contains(target as Node)) return;
    use.focus = key;
    if (isField(target as Element)) use.reached.add(key);
  };
  // The visitor may have reached a field before this script ran.
  onFocus(document.activeElement);
  const onDown = (event: PointerEvent) => {
    use.held = pressedKey(shell, event.target);
  };
  const onUp = () => {
    use.held = undefined;
  };
  const onPress = (event: MouseEvent) => {
    const key = pressedKey(shell, event.target);
    if (!key) return;
    event.preventDefault();
    if (use.presses.at(-1) !== key) use.presses.push(key);
    use.focus = key;
  };
  const listeners = [
    ['focusin', (event: FocusEvent) => onFocus(event.target)],
    ['pointerdown', onDown],
    ['pointerup', onUp],
    ['pointercancel', onUp],
    ['click', onPress],
  ] as const;
  for (const [type, listener] of listeners) {
    document.addEventListener(type, listener as EventListener, true);
  }
  const stopListening = () => {
    for (const [type, listener] of listeners) {
      document.removeEventListener(type, listener as EventListener, true);
    }
  };

  return () => {
    const root = shell.parentElement;
    if (!shell.isConnected || !root) {
      stopListening();
      return;
    }
    // The app's first commit replaces the drawn page; in the same task the focus goes to the app's
    // control and the first press is made, so nothing the visitor does next comes in between.
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
  const held = use.held && liftedOn(use.held, deadline);
  const drawnFields = [...shell.querySelectorAll<Field>('[data-shell-key]')].filter(
    (field) => isField(field) && (field.value !== '' || use.reached.has(field.dataset.shellKey!)),
  );
  const openGuides = [
    ...shell.querySelectorAll<HTMLDetailsElement>('details[data-shell-key]'),
  ].filter((details) => details.open);
  const focused = drawnFields.find((field) => field.dataset.shellKey === use.focus);
  // Whether the app has state to render before a press can see it (a value, an earlier press).
  let unsettled = false;
  let pending = [
    ...drawnFields.map((field) => () => {
      const carried = carryValue(field);
      if (carried === 'changed') unsettled = true;
      return carried !== false;
    }),
    ...openGuides.map((details) => () => carryOpen(details)),
    () => placeFocus(use.focus, focused),
  ];
  // The app's page may render in more than one pass: each control is waited for.
  while (pending.length && Date.now() < deadline) {
    pending = pending.filter((step) => !step());
    if (pending.length) await nextFrame();
  }
  const press = async (key: string) => {
    while (!control(key) && Date.now() < deadline) await nextFrame();
    // Each press sees the state the previous one left (a chosen pack, then 'Please Login First').
    if (unsettled) await nextTask();
    control(key)?.click();
    unsettled = true;
  };
  for (const key of use.presses) await press(key);
  if (held && (await held)) await press(use.held!);
}

/**
 * Resolves true once the pointer that went down on the drawn control `key` is lifted over the
 * app's control of that key; false when it is lifted elsewhere, cancelled (a scroll) or never.
 */
function liftedOn(key: string, deadline: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (event: Event) => {
      window.removeEventListener('pointerup', done, true);
      window.removeEventListener('pointercancel', done, true);
      resolve(event.type === 'pointerup' && keyOf(event.target) === key);
    };
    window.addEventListener('pointerup', done, true);
    window.addEventListener('pointercancel', done, true);
    setTimeout(() => done(new Event('timeout')), Math.max(0, deadline - Date.now()));
  });
}

/**
 * Puts a drawn field's value in the app's field of the same key, as typing would: 'changed' or
 * 'same', false until the app's field exists.
 */
function carryValue(drawn: Field): 'changed' | 'same' | false {
  const target = control(drawn.getAttribute('data-shell-key')!);
  if (!isField(target)) return false;
  if (target.value === drawn.value) return 'same';
  const prototype = Object.getPrototypeOf(target) as object;
  // The app's fields are controlled: the value is set as the browser sets it, then announced.
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(target, drawn.value);
  target.dispatchEvent(
    new Event(target instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
  );
  return 'changed';
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
    target.selectionStart !== null &&
    drawn.selectionStart !== null
  ) {
    target.setSelectionRange(drawn.selectionStart, drawn.selectionEnd);
  }
  return true;
}
