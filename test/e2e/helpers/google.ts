import request from 'supertest';
import { cookieHeader, cookiesFrom } from './http.js';

const unescapeHtml = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The fields of the consent page's form that picks `email`, as a browser would post them. */
export function approveForm(html: string, email: string) {
  const forms = html.split('<form').slice(1);
  // A fixture account has its own form; any other address goes through the typed-address form.
  const form =
    forms.find((f) => f.includes(`name="email" value="${email}"`)) ??
    forms.find((f) => f.includes('name="email" type="email"'));
  if (!form) throw new Error(`The consent page offers no account ${email}`);
  const action = /action="([^"]+)"/.exec(form)![1];
  const fields: Record<string, string> = {};
  for (const [, name, value] of form.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
  )) {
    fields[name] = unescapeHtml(value);
  }
  return { action: unescapeHtml(action), fields };
}

export interface GoogleSignIn {
  /** Where the callback sent the browser. */
  landing: string;
  /** Cookies the callback set (the login ticket among them when it worked). */
  cookies: Record<string, string>;
}

/**
 * Google sign-in through the sandbox simulator over real HTTP, as a browser does it with
 * redirects followed by hand: the store's start URL, the consent page, its approve form,
 * and the store's callback.
 */
export async function googleSignIn(
  baseUrl: string,
  email: string,
  tamper: { state?: string } = {},
  startHeaders: Record<string, string> = {},
): Promise<GoogleSignIn> {
  const start = await request(baseUrl).get('/api/auth/google').set(startHeaders).redirects(0);
  if (start.status !== 302) throw new Error(`/api/auth/google answered ${start.status}`);
  const startCookies = cookiesFrom(start.headers['set-cookie']);
  const consentUrl = new URL(start.headers.location, baseUrl);

  const consent = await request(baseUrl)
    .get(`${consentUrl.pathname}${consentUrl.search}`)
    .redirects(0)
    .expect(200);
  const { action, fields } = approveForm(consent.text, email);
  const approveUrl = new URL(action, consentUrl);
  const approved = await request(baseUrl)
    .post(approveUrl.pathname)
    .type('form')
    .send({ ...fields, email })
    .redirects(0);
  if (approved.status !== 302) {
    throw new Error(`The simulator answered ${approved.status}: ${approved.text}`);
  }

  const callback = new URL(approved.headers.location, baseUrl);
  if (tamper.state !== undefined) callback.searchParams.set('state', tamper.state);
  const landed = await request(baseUrl)
    .get(`${callback.pathname}${callback.search}`)
    .set('Cookie', cookieHeader(startCookies))
    .redirects(0);
  if (landed.status !== 302) throw new Error(`The callback answered ${landed.status}`);
  return { landing: landed.headers.location, cookies: cookiesFrom(landed.headers['set-cookie']) };
}
