import { SESSION_KEYS, SESSION_LIFETIME_MS } from '@zstore/contract/session-keys';
import type { User } from '@/api/types';

const Keys = SESSION_KEYS;

/** Keys that survive a sign-out: they are preferences, not session data. */
const PRESERVED_KEYS = ['theme'];

export interface StoredSession {
  token: string;
  user: User;
  expiryTime: number;
}

export const readToken = (): string | null => localStorage.getItem(Keys.token);

export function readSession(): StoredSession | null {
  if (!localStorage.getItem(Keys.isLoggedIn)) return null;
  const token = localStorage.getItem(Keys.token);
  const rawUser = localStorage.getItem(Keys.user);
  const expiryTime = Number(localStorage.getItem(Keys.expiryTime));
  if (!token || !rawUser) return null;
  if (!Number.isFinite(expiryTime) || expiryTime <= Date.now()) return null;
  try {
    return { token, user: JSON.parse(rawUser) as User, expiryTime };
  } catch {
    return null;
  }
}

export function writeSession(token: string, user: User): StoredSession {
  const expiryTime = Date.now() + SESSION_LIFETIME_MS;
  localStorage.setItem(Keys.isLoggedIn, 'true');
  localStorage.setItem(Keys.token, token);
  localStorage.setItem(Keys.user, JSON.stringify(user));
  localStorage.setItem(Keys.expiryTime, String(expiryTime));
  return { token, user, expiryTime };
}

export function writeUser(user: User): void {
  localStorage.setItem(Keys.user, JSON.stringify(user));
}

/** Clears local storage, keeping only the user's preferences (the theme). */
export function clearStoredSession(): void {
  const preserved = PRESERVED_KEYS.map((key) => [key, localStorage.getItem(key)] as const);
  localStorage.clear();
  for (const [key, value] of preserved) {
    if (value !== null) localStorage.setItem(key, value);
  }
}
