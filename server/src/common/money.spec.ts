import { newBusinessId } from './ids.js';
import { istDate, istDayStart, istIsoDate } from './india-time.js';
import { pointsEarned, toPaise, toRupees } from './money.js';

describe('money helpers', () => {
  it('converts rupees to paise only with at most two decimals', () => {
    expect(toPaise(99)).toBe(9_900);
    expect(toPaise(12.5)).toBe(1_250);
    expect(toPaise('0.01')).toBe(1);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(1.005)).toBeUndefined();
    expect(toPaise('abc')).toBeUndefined();
    expect(toPaise(Number.NaN)).toBeUndefined();
    expect(toRupees(11_900)).toBe(119);
  });

  it('refuses amounts whose paise are not an exact number (1e308 is no price)', () => {
    expect(toPaise(1e308)).toBeUndefined();
    expect(toPaise('1e308')).toBeUndefined();
    expect(toPaise(2 ** 53)).toBeUndefined();
    expect(toPaise(90_000_000_000_000)).toBe(9_000_000_000_000_000);
  });

  it('earns 1 % of the paise paid in hundredths of a point, rounded down', () => {
    expect(pointsEarned(9_900)).toBe(99);
    expect(pointsEarned(199)).toBe(1);
    expect(pointsEarned(99)).toBe(0);
  });

  it('dates in India time', () => {
    expect(istDate(new Date('2026-03-31T18:29:59Z'))).toBe('31-03-2026');
    expect(istDate(new Date('2026-03-31T18:30:00Z'))).toBe('01-04-2026');
    expect(istIsoDate(new Date('2026-12-31T19:00:00Z'))).toBe('2027-01-01');
  });

  it('makes unguessable Crockford ids with their prefix', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newBusinessId('ZS')));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^ZS[0-9A-HJKMNP-TV-Z]{14}$/);
    expect(newBusinessId('ZT')).toMatch(/^ZT/);
  });

  it('finds the instant an India day begins, and refuses anything but a real YYYY-MM-DD', () => {
    expect(istDayStart('2026-03-01')?.toISOString()).toBe('2026-02-28T18:30:00.000Z');
    expect(istDayStart('2026-02-30')).toBeUndefined();
    expect(istDayStart('01-03-2026')).toBeUndefined();
    expect(istDayStart(20260301)).toBeUndefined();
  });
});
