import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** `prefix` + 14 Crockford base-32 characters from the CSPRNG (orders `ZS`, wallet `ZT`, reseller sandbox orders `ZX`). */
export function newBusinessId(prefix: 'ZS' | 'ZT' | 'ZX'): string {
  const bytes = randomBytes(14);
  let id = prefix;
  for (const byte of bytes) id += CROCKFORD[byte & 31];
  return id;
}

/** Paise to the rupees the API speaks (a JSON number, e.g. 12.5). */
export function toRupees(paise: number): number {
  return paise / 100;
}

/**
 * Rupees from a client to paise; undefined when not an amount with at most 2 decimals whose
 * paise are an exact number (1e308 rupees are refused, not stored as Infinity).
 */
export function toPaise(rupees: unknown): number | undefined {
  const value = typeof rupees === 'string' && rupees.trim() !== '' ? Number(rupees) : rupees;
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const paise = Math.round(value * 100);
  if (!Number.isSafeInteger(paise) || Math.abs(paise - value * 100) > 1e-6) return undefined;
  return paise;
}

/** Points (hundredths) to the points the API speaks. */
export function toPoints(hundredths: number): number {
  return hundredths / 100;
}

/** 1 % of the paise paid, in hundredths of a point, rounded down. */
export function pointsEarned(paisePaid: number): number {
  return Math.floor(paisePaid / 100);
}

function istParts(at: Date) {
  const shifted = new Date(at.getTime() + IST_OFFSET_MS);
  return {
    day: String(shifted.getUTCDate()).padStart(2, '0'),
    month: String(shifted.getUTCMonth() + 1).padStart(2, '0'),
    year: String(shifted.getUTCFullYear()),
  };
}

/** The India calendar date as the gateway wants it: DD-MM-YYYY. */
export function istDate(at: Date): string {
  const { day, month, year } = istParts(at);
  return `${day}-${month}-${year}`;
}

/** The India calendar date as ISO (YYYY-MM-DD), for comparing with `date` columns. */
export function istIsoDate(at: Date): string {
  const { day, month, year } = istParts(at);
  return `${year}-${month}-${day}`;
}

/** The instant an India calendar day (YYYY-MM-DD) begins; undefined for anything else. */
export function istDayStart(isoDate: unknown): Date | undefined {
  if (typeof isoDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return undefined;
  const [year, month, day] = isoDate.split('-').map(Number);
  const start = new Date(Date.UTC(year, month - 1, day) - IST_OFFSET_MS);
  return istIsoDate(start) === isoDate ? start : undefined;
}

/** The first instant of the India-time calendar month holding `at`. */
export function istMonthStart(at: Date): Date {
  const shifted = new Date(at.getTime() + IST_OFFSET_MS);
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), 1) - IST_OFFSET_MS);
}
