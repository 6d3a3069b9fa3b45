import {
  SupplierRefusal,
  SupplierUnavailable,
  SupplierUnknownOutcome,
} from '../../providers/supplier-http.js';
import { classifySupplierFailure, isBalanceRefusal, isClockRefusal } from './supplier-refusals.js';

describe('classifySupplierFailure (DESIGN section 5)', () => {
  const smile = (code: string) => new SupplierRefusal('smileone', 'createorder', code, 'text');

  it("blames the player for Smile.one's unknown id, region ban and account notices", () => {
    for (const code of ['20003', '20004', '201', '202']) {
      expect(classifySupplierFailure(smile(code))).toBe('player');
    }
  });

  it('blames the store for every other refusal, MooGold error codes included', () => {
    expect(classifySupplierFailure(smile('10001'))).toBe('store');
    expect(classifySupplierFailure(smile('20010'))).toBe('store');
    expect(
      classifySupplierFailure(new SupplierRefusal('moogold', 'order/create_order', '111', 'x')),
    ).toBe('store');
  });

  it('tells retryable failures from unknown outcomes', () => {
    expect(classifySupplierFailure(new SupplierUnavailable('moogold', 'p', 'HTTP 500', 500))).toBe(
      'retryable',
    );
    expect(
      classifySupplierFailure(new SupplierUnknownOutcome('smileone', 'createorder', 't')),
    ).toBe('unknown');
    expect(classifySupplierFailure(new Error('anything'))).toBe('unknown');
  });
});

describe('isBalanceRefusal', () => {
  it("knows each supplier's balance codes and nothing else", () => {
    expect(isBalanceRefusal('smileone', '20010 Insufficient smile points balance')).toBe(true);
    expect(isBalanceRefusal('moogold', '111 Insufficient balance')).toBe(true);
    expect(isBalanceRefusal('smileone', '111 Insufficient balance')).toBe(false);
    expect(isBalanceRefusal('smileone', '20003 USER ID ou Zone ID não existe')).toBe(false);
  });
});

describe('isClockRefusal (RELIABILITY rule 14)', () => {
  it("knows each supplier's refusal of a signed time, and nothing else", () => {
    expect(
      isClockRefusal('smileone', '10002 Request expired, please check the time parameter'),
    ).toBe(true);
    expect(isClockRefusal('moogold', '403 Invalid or expired timestamp')).toBe(true);
    expect(isClockRefusal('moogold', '403 Forbidden')).toBe(false);
    expect(isClockRefusal('smileone', '20010 insufficient balance')).toBe(false);
    expect(isClockRefusal('moogold', '10002 Request expired')).toBe(false);
  });
});
