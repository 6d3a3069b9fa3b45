const rupeeFormatter = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 2,
});

export const formatRupees = (amount: number): string => rupeeFormatter.format(amount);

/** '₹10' for whole rupees, '₹12.50' otherwise: amounts inside a sentence. */
export const rupeesShort = (amount: number): string =>
  Number.isInteger(amount) ? `₹${amount.toLocaleString('en-IN')}` : formatRupees(amount);

export const formatCoins = (amount: number): string =>
  amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatPoints = (amount: number): string =>
  amount.toLocaleString('en-IN', { maximumFractionDigits: 2 });

/** Dates read the same everywhere: dd/mm/yyyy HH:mm in India time. */
export { formatDateTime } from '@zstore/contract/display-dates';

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
