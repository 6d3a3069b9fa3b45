/**
 * The mobile each guest order was placed with on this device, so its payment and confirmation
 * pages can read it without asking again. Kept for a day: enough to pay and see it delivered.
 */
const KEY = 'zstore.guestOrders';
const KEEP_MS = 24 * 3600_000;

type Remembered = Record<string, { mobile: string; at: number }>;

function read(): Remembered {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Remembered;
    const now = Date.now();
    return Object.fromEntries(
      Object.entries(parsed).filter(([, entry]) => now - entry.at < KEEP_MS),
    );
  } catch {
    return {};
  }
}

export function rememberGuestOrder(orderid: string, mobile: string) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...read(), [orderid]: { mobile, at: Date.now() } }));
  } catch {
    // Private mode: the look-up page asks for the mobile instead.
  }
}

export function guestMobileOf(orderid: string): string | undefined {
  return read()[orderid]?.mobile;
}

/** The contacts a guest typed last on this device, to fill the next checkout. */
const CONTACT_KEY = 'zstore.guestContact';

export interface GuestContact {
  email: string;
  mobile: string;
  state: string;
}

export function lastGuestContact(): GuestContact {
  try {
    const saved = JSON.parse(localStorage.getItem(CONTACT_KEY) ?? 'null') as GuestContact | null;
    if (saved) return saved;
  } catch {
    // Nothing kept.
  }
  return { email: '', mobile: '', state: '' };
}

export function keepGuestContact(contact: GuestContact) {
  try {
    localStorage.setItem(CONTACT_KEY, JSON.stringify(contact));
  } catch {
    // Nothing kept.
  }
}
