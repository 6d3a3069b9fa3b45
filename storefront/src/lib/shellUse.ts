/** How long the app's page may take to show the control the visitor used on the drawn page. */
const FIND_TIMEOUT_MS = 3_000;

interface ShellUse {
  /** `data-shell-key` of the control that had the focus. */
  focus?: string;
  /** `data-shell-key` of the control the visitor pressed. */
  press?: string;
}

const keyOf = (target: EventTarget | null) =>
  target instanceof Element
    ? (target.closest('[data-shell-key]')?.getAttribute('data-shell-key') ?? undefined)
    : undefined;

/**
 * Keeps what the visitor does to the controls of the server-drawn page (those marked
 * `data-shell-key`, which need the app) until the app has taken over: a press is not lost while
 * the app starts, it is made again on the app's own control, and the focus moves there too.
 * Answers the function that hands the use over once the app is rendering.
 */
export function keepShellUse(shell: Element): () => void {
  const use: ShellUse = {};
  const onFocus = (event: FocusEvent) => {
    const key = keyOf(event.target);
    if (key && shell.contains(event.target as Node)) use.focus = key;
  };
  const onPress = (event: MouseEvent) => {
    const key = keyOf(event.target);
    if (!key || !shell.contains(event.target as Node)) return;
    event.preventDefault();
    use.press = key;
    use.focus = key;
  };
  document.addEventListener('focusin', onFocus, true);
  document.addEventListener('click', onPress, true);
  // Listening goes on until the app has replaced the drawn page: a press in between is kept too.
  return () =>
    void replay(shell, use, () => {
      document.removeEventListener('focusin', onFocus, true);
      document.removeEventListener('click', onPress, true);
    });
}

async function replay(shell: Element, use: ShellUse, stopListening: () => void) {
  const deadline = Date.now() + FIND_TIMEOUT_MS;
  while (shell.isConnected && Date.now() < deadline) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  stopListening();
  if (!use.focus) return;
  for (;;) {
    const control = shell.isConnected
      ? null
      : document.querySelector<HTMLElement>(`[data-shell-key="${use.focus}"]`);
    if (control) {
      control.focus();
      if (use.press) control.click();
      return;
    }
    if (Date.now() > deadline) return;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}
