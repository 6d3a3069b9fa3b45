import { Notification as RaNotification } from 'react-admin';

/** Spec 002: toasts at top-right that close after 3 seconds. */
export const Notification = () => (
  <RaNotification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={3000} />
);
