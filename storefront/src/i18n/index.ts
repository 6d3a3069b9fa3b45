import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { Messages } from '@zstore/contract/messages';
import en from './en.json';
import { rememberLanguage, setCurrentLanguage, type Language } from './language';
import { readToken } from '@/auth/sessionStorage';

/** The English catalogue: the spec's shared texts come from the contract, word for word. */
export const english = { ...en, messages: Messages };

// Plurals use `Intl.PluralRules`: Hindi's "one" covers 0 and 1, English's only 1.
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: english } },
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

/** Loads a language's catalogue (Hindi's only when it is asked for) and shows it. */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === 'hi' && !i18n.hasResourceBundle('hi', 'translation')) {
    const hindi = await import('./hi.json');
    i18n.addResourceBundle('hi', 'translation', hindi.default);
  }
  setCurrentLanguage(language);
  await i18n.changeLanguage(language);
}

/**
 * The visitor's choice: shown at once, remembered in this browser and, for a signed-in
 * customer, told to the server so its e-mails and messages speak it too.
 */
export async function switchLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  rememberLanguage(language);
  const token = readToken();
  if (!token) return;
  // A server without the route (404) or a failed call changes nothing on screen.
  await fetch('/api/user/language', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ language }),
    credentials: 'same-origin',
  }).catch(() => undefined);
}

export { i18n };
