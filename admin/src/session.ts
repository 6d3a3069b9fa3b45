import { SESSION_KEYS, SESSION_LIFETIME_MS } from '@zstore/contract/session-keys';
import type { SessionUser } from '@/types';

/**
 * The console and the storefront share one sign-in: both keep the session under the keys the
 * storefront uses (`storefront/src/auth/sessionStorage.ts`), on the same origin. An admin
 * signed in on the store is signed in here, and signing out of either signs out of both.
 */
const Keys = SESSION_KEYS;

const isLive = () => {
  if (!localStorage.getItem(Keys.isLoggedIn)) return false;
  const expiryTime = Number(localStorage.getItem(Keys.expiryTime));
  return Number.isFinite(expiryTime) && expiryTime > Date.now();
};

export const readToken = (): string | null => (isLive() ? localStorage.getItem(Keys.token) : null);

export const readUser = (): SessionUser | null => {
  const raw = isLive() ? localStorage.getItem(Keys.user) : null;
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionUser;
  } catch {
    return null;
  }
};

export const writeSession = (token: string, user: SessionUser) => {
  localStorage.setItem(Keys.isLoggedIn, 'true');
  localStorage.setItem(Keys.token, token);
  localStorage.setItem(Keys.user, JSON.stringify(user));
  localStorage.setItem(Keys.expiryTime, String(Date.now() + SESSION_LIFETIME_MS));
};

export const forgetSession = () => {
  for (const key of Object.values(Keys)) localStorage.removeItem(key);
};
