/**
 * Every date the storefront, the console and the e-mails show: dd/mm/yyyy, with HH:mm (24-hour) where a time is shown,
 * in India time whatever the admin's own time zone.
 */
const INDIA = 'Asia/Kolkata';

const dateParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: INDIA,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

const dateTimeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: INDIA,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A `YYYY-MM-DD` calendar day (a coupon's expiry) is a day, not an instant: no time zone. */
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const parse = (value: string | Date | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

const pick = (format: Intl.DateTimeFormat, date: Date) => {
  const parts = format.formatToParts(date);
  return (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((part) => part.type === type)?.value ?? '';
};

/** `31/12/2025`. */
export const formatDate = (value: string | Date | null | undefined): string => {
  if (typeof value === 'string') {
    const day = CALENDAR_DAY.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  const date = parse(value);
  if (!date) return typeof value === 'string' ? value : '';
  const part = pick(dateParts, date);
  return `${part('day')}/${part('month')}/${part('year')}`;
};

/** `31/12/2025 18:05`. */
export const formatDateTime = (value: string | Date | null | undefined): string => {
  const date = parse(value);
  if (!date) return typeof value === 'string' ? value : '';
  const part = pick(dateTimeParts, date);
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
};
