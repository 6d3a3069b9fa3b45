import { documentNumber, financialYear, istDisplayDate, istMonthRange } from './financial-year.js';

describe('financial year and numbers', () => {
  it('starts the financial year on 1 April, India time', () => {
    expect(financialYear(new Date('2026-03-31T18:29:59Z'))).toBe('25-26');
    expect(financialYear(new Date('2026-03-31T18:30:00Z'))).toBe('26-27');
    expect(financialYear(new Date('2027-01-15T00:00:00Z'))).toBe('26-27');
    expect(financialYear(new Date('2099-06-01T00:00:00Z'))).toBe('99-00');
  });

  it('numbers within the 16 characters GST allows', () => {
    expect(documentNumber('ZS', '26-27', 1)).toBe('ZS/26-27/000001');
    expect(documentNumber('ZZZ', '26-27', 999999)).toHaveLength(16);
  });

  it('bounds a month and dates an invoice in India time', () => {
    const { from, to } = istMonthRange('2026-11');
    expect(from.toISOString()).toBe('2026-10-31T18:30:00.000Z');
    expect(to.toISOString()).toBe('2026-11-30T18:30:00.000Z');
    expect(istDisplayDate(new Date('2026-11-30T18:30:00Z'))).toBe('01-12-2026');
  });
});
