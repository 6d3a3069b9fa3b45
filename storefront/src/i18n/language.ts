/** The storefront's languages: English (the default) and Hindi. */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

const STORAGE_KEY = 'lang';
const COOKIE = 'lang';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The `Intl` locale of a language: Indian grouping (₹1,00,000) in both. */
export const localeOf = (language: Language) => (language === 'hi' ? 'hi-IN' : 'en-IN');

let current: Language = 'en';

/** The language the storefront shows now. */
export const currentLanguage = (): Language => current;

export function setCurrentLanguage(language: Language) {
  current = language;
  document.documentElement.lang = language;
}

const cookieLanguage = () =>
  document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);

/**
 * The language to start in: the page address's `?lang=` (a shared Hindi link), else the one
 * this browser chose before, else English. The browser's own languages are not consulted: the
 * store is English unless a visitor picks Hindi.
 */
export function initialLanguage(): Language {
  const asked = new URLSearchParams(window.location.search).get('lang');
  if (isLanguage(asked)) return asked;
  const stored = localStorage.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  const cookie = cookieLanguage();
  return isLanguage(cookie) ? cookie : 'en';
}

/** Keeps the choice for the next visit; the cookie lets the server draw its first screen in it. */
export function rememberLanguage(language: Language) {
  localStorage.setItem(STORAGE_KEY, language);
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE}=${language}; Max-Age=${ONE_YEAR_S}; Path=/; SameSite=Lax${secure}`;
}
