/**
 * Where the storefront and the console keep the one browser session (the local storage keys
 * the spec names), and how long it lasts: as long as the server's token.
 */
export const SESSION_KEYS = {
  isLoggedIn: 'isLoggedIn',
  token: 'token',
  user: 'user',
  expiryTime: 'expiryTime',
} as const;

export const SESSION_LIFETIME_MS = 6 * 60 * 60 * 1000;
