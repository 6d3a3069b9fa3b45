import { formatDate, formatDateTime } from './display-dates.js';

describe('dates as people read them', () => {
  it('are dd/mm/yyyy in India time whatever the zone of the instant', () => {
    expect(formatDate(new Date('2026-03-31T18:29:59Z'))).toBe('31/03/2026');
    expect(formatDate(new Date('2026-03-31T18:30:00Z'))).toBe('01/04/2026');
    expect(formatDateTime('2026-12-31T19:05:00Z')).toBe('01/01/2027 00:35');
  });

  it('keep a calendar day as it is, and anything unreadable as it came', () => {
    expect(formatDate('2026-11-23')).toBe('23/11/2026');
    expect(formatDate(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
