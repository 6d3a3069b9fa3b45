import { istMonthStart } from '../../common/india-time.js';
import { mailboxOf, maskName } from './referral-rules.js';

describe('referral rules', () => {
  it('finds one mailbox behind Gmail dots, tags and the googlemail alias', () => {
    expect(mailboxOf('A.B+promo@GMail.com')).toBe('ab@gmail.com');
    expect(mailboxOf('ab@googlemail.com')).toBe('ab@gmail.com');
    expect(mailboxOf('a.b+x@example.com')).toBe('a.b@example.com');
    expect(mailboxOf('a.b@example.com')).not.toBe(mailboxOf('ab@example.com'));
  });

  it('masks every word of a name to its first letter', () => {
    expect(maskName('Ravi  Kumar')).toBe('R*** K***');
  });

  it('starts the month at midnight India time', () => {
    // 1 December 00:10 IST is 30 November 18:40 UTC: already December's month.
    expect(istMonthStart(new Date('2026-11-30T18:40:00Z')).toISOString()).toBe(
      '2026-11-30T18:30:00.000Z',
    );
    expect(istMonthStart(new Date('2026-11-30T18:20:00Z')).toISOString()).toBe(
      '2026-10-31T18:30:00.000Z',
    );
  });
});
