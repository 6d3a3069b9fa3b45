import type { ToastContent, ToastOptions } from 'react-toastify';

type Kind = 'error' | 'info' | 'success' | 'warning';

let requested = false;
const listeners = new Set<() => void>();

/** Whether a toast has been asked for yet: the app mounts the toasts' container by then. */
export const toastRequested = () => requested;

export function subscribeToToastRequests(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * The toasts, with react-toastify (its script and styles) loaded when the app is idle or on the
 * first toast, rather than with the page's first screen. A toast shown before the container is
 * there waits for it.
 */
const show =
  (kind: Kind) =>
  (content: ToastContent, options?: ToastOptions): void => {
    if (!requested) {
      requested = true;
      for (const listener of listeners) listener();
    }
    void import('react-toastify').then(({ toast }) => toast[kind](content, options));
  };

export const toast = {
  error: show('error'),
  info: show('info'),
  success: show('success'),
  warning: show('warning'),
};
