import { formatDate } from '@zstore/contract/display-dates';
import type { Language } from '../../../common/i18n/language.js';
import { toRupees } from '../../../common/money.js';
import type { CustomerTexts } from './customer-texts.js';
import { en } from './en.js';
import { hi } from './hi.js';

export type { CustomerTexts } from './customer-texts.js';

const CATALOGUES: Record<Language, CustomerTexts> = { en, hi };

export const customerTexts = (language: Language): CustomerTexts => CATALOGUES[language] ?? en;

const LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

const whole = new Map(
  Object.entries(LOCALES).map(([language, locale]) => [
    language,
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }),
  ]),
);
const withPaise = new Map(
  Object.entries(LOCALES).map(([language, locale]) => [
    language,
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }),
  ]),
);

/** Rupees as the language writes them, in lakh grouping: `₹1,00,000`, `₹12.50`. */
export function rupeesIn(language: Language, paise: number): string {
  const rupees = toRupees(paise);
  const format = (Number.isInteger(rupees) ? whole : withPaise).get(language) ?? whole.get('en')!;
  return format.format(rupees);
}

const hindiDate = new Intl.DateTimeFormat('hi-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** A day in India time: `31/12/2025` in English, `31 दिसंबर 2025` in Hindi. */
export function dateIn(language: Language, date: Date): string {
  return language === 'hi' ? hindiDate.format(date) : formatDate(date);
}
