import {
  formatDate as formatDateEn,
  formatDateTime as formatDateTimeEn,
} from '@zstore/contract/display-dates';
import { currentLanguage, localeOf } from '@/i18n/language';

const formatters = new Map<string, Intl.NumberFormat>();

/** One `Intl.NumberFormat` per language and kind, made on first use. */
function numberFormat(kind: 'rupees' | 'coins' | 'points' | 'whole'): Intl.NumberFormat {
  const locale = localeOf(currentLanguage());
  const key = `${locale}:${kind}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      locale,
      kind === 'rupees'
        ? { style: 'currency', currency: 'INR', maximumFractionDigits: 2 }
        : kind === 'coins'
          ? { minimumFractionDigits: 2, maximumFractionDigits: 2 }
          : kind === 'points'
            ? { maximumFractionDigits: 2 }
            : { maximumFractionDigits: 0 },
    );
    formatters.set(key, format);
  }
  return format;
}

/** '₹1,00,000.00': rupees in the language's Indian grouping. */
export const formatRupees = (amount: number): string => numberFormat('rupees').format(amount);

/** '₹10' for whole rupees, '₹12.50' otherwise: amounts inside a sentence. */
export const rupeesShort = (amount: number): string =>
  Number.isInteger(amount) ? `₹${numberFormat('whole').format(amount)}` : formatRupees(amount);

export const formatCoins = (amount: number): string => numberFormat('coins').format(amount);

export const formatPoints = (amount: number): string => numberFormat('points').format(amount);

/** A count in the language's digits and grouping. */
export const formatCount = (amount: number): string => numberFormat('whole').format(amount);

const hindiDate = new Map<string, Intl.DateTimeFormat>();

function hindiParts(withTime: boolean, value: Date) {
  const key = withTime ? 'time' : 'date';
  let format = hindiDate.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('hi-IN', {
      timeZone: 'Asia/Kolkata',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    });
    hindiDate.set(key, format);
  }
  return format.format(value);
}

const asDate = (value: string | Date | null | undefined) => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * A moment in India time: `31/12/2025 18:05` in English, as everywhere in the store; in Hindi
 * the language's own words for the month (`31 दिस॰ 2025, 18:05`).
 */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = currentLanguage() === 'hi' ? asDate(value) : null;
  return date ? hindiParts(true, date) : formatDateTimeEn(value);
}

/** A day in India time, as `formatDateTime` without the time. */
export function formatDate(value: string | Date | null | undefined): string {
  const date =
    currentLanguage() === 'hi' && !(typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
      ? asDate(value)
      : null;
  return date ? hindiParts(false, date) : formatDateEn(value);
}

/** Today's date in India as dd-mm-yyyy, the format the status calls expect. */
export function todayInIndia(): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')}`;
}
