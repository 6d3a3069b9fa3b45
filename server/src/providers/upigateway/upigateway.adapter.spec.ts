import { readUpiIntent } from './upigateway.adapter.js';

describe('readUpiIntent', () => {
  it("keeps the gateway's app links", () => {
    const links = {
      bhim_link: 'upi://pay?pa=a@b&am=1.00',
      gpay_link: 'tez://upi/pay?pa=a@b&am=1.00',
      phonepe_link: 'phonepe://pay?pa=a@b',
      paytm_link: 'paytmmp://pay?pa=a@b',
    };
    expect(readUpiIntent(links)).toEqual(links);
  });

  it('drops what is not a link, script links, unknown apps and overlong links', () => {
    expect(
      readUpiIntent({
        bhim_link: 'javascript://%0aalert(1)',
        gpay_link: 42,
        phonepe_link: 'not a link',
        paytm_link: `upi://pay?tn=${'x'.repeat(3000)}`,
        other_link: 'upi://pay?pa=a@b',
      }),
    ).toEqual({});
    expect(readUpiIntent(undefined)).toEqual({});
    expect(readUpiIntent('upi://pay')).toEqual({});
  });
});
