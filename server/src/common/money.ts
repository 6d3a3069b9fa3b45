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
