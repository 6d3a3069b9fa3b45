const KEY = 'zs_return_to';

/** Only a path of this store: never another origin (`//host`) or a scheme. */
const isStorePath = (path: string) => path.startsWith('/') && !path.startsWith('//');

/** Where to go after signing in, kept for the tab (password, OTP and Google sign-in alike). */
export function setReturnTo(path: string) {
  if (isStorePath(path)) sessionStorage.setItem(KEY, path);
}

export function returnTo(): string {
  const path = sessionStorage.getItem(KEY);
  return path && isStorePath(path) ? path : '/home';
}

/** The customer is back where they were: the next sign-in goes home again. */
export function clearReturnTo() {
  sessionStorage.removeItem(KEY);
}
