/**
 * A first-party cookie naming this browser, sent with sign-ins and registrations so Refer & Earn
 * can tell a friend's new account from a second account of the referrer on the same browser.
 */
const COOKIE = 'zs_device';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

export function ensureDeviceCookie() {
  if (document.cookie.split('; ').some((part) => part.startsWith(`${COOKIE}=`))) return;
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  const id = btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE}=${id}; Max-Age=${ONE_YEAR_S}; Path=/; SameSite=Lax${secure}`;
}

const REFERRAL_KEY = 'zs.referral';

/** The referral code of the link this visitor came by, kept until they register. */
export function rememberReferral(code: string | null) {
  if (code && /^[A-Za-z0-9]{4,16}$/.test(code)) {
    sessionStorage.setItem(REFERRAL_KEY, code.toUpperCase());
  }
  return sessionStorage.getItem(REFERRAL_KEY) ?? undefined;
}

export function forgetReferral() {
  sessionStorage.removeItem(REFERRAL_KEY);
}
