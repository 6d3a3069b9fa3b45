/** India time: invoice dates, financial years and report months follow it, never the server's zone. */
const IST_OFFSET_MS = 330 * 60_000;

/** `26-27` for a moment between 1 April 2026 and 31 March 2027, India time. */
export function financialYear(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const year = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? year : year - 1;
  const two = (value: number) => String(value % 100).padStart(2, '0');
  return `${two(start)}-${two(start + 1)}`;
}

/** `ZS/26-27/000001`: at most 16 characters for a prefix of up to 3 (CGST rule 46(b)). */
export function documentNumber(prefix: string, year: string, serial: number): string {
  return `${prefix}/${year}/${String(serial).padStart(6, '0')}`;
}

/** The instants a calendar month (`YYYY-MM`) starts and ends, India time. */
export function istMonthRange(month: string): { from: Date; to: Date } {
  const [year, monthIndex] = month.split('-').map(Number);
  return {
    from: new Date(Date.UTC(year, monthIndex - 1, 1) - IST_OFFSET_MS),
    to: new Date(Date.UTC(year, monthIndex, 1) - IST_OFFSET_MS),
  };
}

/** The India date of an instant as DD-MM-YYYY. */
export function istDisplayDate(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(ist.getUTCDate())}-${two(ist.getUTCMonth() + 1)}-${ist.getUTCFullYear()}`;
}
