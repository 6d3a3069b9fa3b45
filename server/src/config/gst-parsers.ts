import { GSTIN_PATTERN } from '@zstore/contract/gst-states';
import { InvalidValue, type Parser } from './env-parsers.js';

/** How one product category is taxed: its SAC (services accounting code) and GST rate in %. */
export interface GstRate {
  sac: string;
  rate: number;
}

/** The catalogue's product categories, each taxed by a line of `GST_RATES`. */
export const PRODUCT_CATEGORIES = ['games', 'instant-games', 'ott', 'others'] as const;

/**
 * In-game currency and game top-ups: SAC 998439 ("other on-line contents n.e.c."); OTT
 * subscriptions: 998433 ("on-line video content"); both 18 % (IGST, or 9 % CGST + 9 % SGST).
 */
export const DEFAULT_GST_RATES: Record<string, GstRate> = {
  games: { sac: '998439', rate: 18 },
  'instant-games': { sac: '998439', rate: 18 },
  ott: { sac: '998433', rate: 18 },
  others: { sac: '998439', rate: 18 },
};

/** `games=998439:18,ott=998433:18`: every product category, each with a six-digit SAC and a rate. */
export const gstRates: Parser<Record<string, GstRate>> = (raw) => {
  const rates: Record<string, GstRate> = {};
  for (const part of raw.split(',').map((entry) => entry.trim())) {
    const match = /^([a-z-]+)=(99\d{4}):(\d{1,2}(?:\.\d{1,2})?)$/.exec(part);
    if (!match) throw new InvalidValue(`"${part}" is not category=SAC:rate (e.g. games=998439:18)`);
    const [, category, sac, rate] = match;
    if (!(PRODUCT_CATEGORIES as readonly string[]).includes(category)) {
      throw new InvalidValue(`unknown category "${category}"`);
    }
    rates[category] = { sac, rate: Number(rate) };
  }
  const missing = PRODUCT_CATEGORIES.filter((category) => !rates[category]);
  if (missing.length) throw new InvalidValue(`no rate for ${missing.join(', ')}`);
  return rates;
};

export const gstin: Parser<string> = (raw) => {
  const value = raw.trim().toUpperCase();
  if (!GSTIN_PATTERN.test(value)) throw new InvalidValue('is not a GSTIN (e.g. 29AABCZ1234F1Z5)');
  return value;
};

/** A series prefix: the number `PP/26-27/000001` must stay within GST's 16 characters. */
export const seriesPrefix: Parser<string> = (raw) => {
  if (!/^[A-Z0-9]{1,3}$/.test(raw)) {
    throw new InvalidValue('must be 1 to 3 capital letters or digits');
  }
  return raw;
};
