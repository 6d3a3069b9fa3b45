/** India Standard Time: UTC+05:30, no daylight saving. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

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
