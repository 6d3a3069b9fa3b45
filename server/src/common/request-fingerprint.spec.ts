import { requestFingerprint } from './request-fingerprint.js';

const order = {
  userid: 7,
  itemid: 12,
  item_id: 'itm_1',
  product_id: 'prd_1',
  input1: '12345678',
  input2: '1234',
  paymentmode: 'wallet',
  couponCode: undefined,
};

describe('requestFingerprint', () => {
  it('keeps the fingerprints of keys claimed before, so a retry across a deploy still replays', () => {
    expect(requestFingerprint('order/createOrder', order)).toBe(
      '21da60ded4c56e2304989824dd4a240534be813fd72f0a70fe4169381b0140b0',
    );
    expect(requestFingerprint('wallet/topup', { value: 500, userid: 7 })).toBe(
      'd0af5a19ad749144a723cb1cb858e9bd703e41f6ab360bc332e40d7212c488b6',
    );
    expect(requestFingerprint('wallet/topup', undefined)).toBe(
      'b7c0b1bc7f05f01c5f3bad1f9150053875081bffbe0b1f87e34bbae1e26bd043',
    );
  });

  it('ignores the order of fields at every depth', () => {
    expect(requestFingerprint('r', { a: 1, b: { c: [1, { d: 2, e: 3 }] } })).toBe(
      requestFingerprint('r', { b: { c: [1, { e: 3, d: 2 }] }, a: 1 }),
    );
  });

  it('tells another body or another route apart', () => {
    const topup = requestFingerprint('wallet/topup', { value: 500, userid: 7 });
    expect(requestFingerprint('wallet/topup', { value: 501, userid: 7 })).not.toBe(topup);
    expect(requestFingerprint('wallet/redeem', { value: 500, userid: 7 })).not.toBe(topup);
    expect(requestFingerprint('r', [1, 2])).not.toBe(requestFingerprint('r', [2, 1]));
  });
});
