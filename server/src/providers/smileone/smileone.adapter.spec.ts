import { createHash } from 'node:crypto';
import { smileSign } from './smileone.adapter.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('smileSign (PROVIDERS.md 2.2)', () => {
  const params = {
    uid: '1041302',
    email: 'merchant@example.com',
    product: 'mobilelegends',
    time: '1700000000',
  };

  it('sorts keys in byte order, joins k=v& with a trailing &, appends the key, MD5 twice', () => {
    const joined = 'email=merchant@example.com&product=mobilelegends&time=1700000000&uid=1041302&';
    expect(smileSign(params, 'm-key')).toBe(md5(md5(`${joined}m-key`)));
  });

  it('leaves sign out, uses raw values, and sorts upper case before lower case', () => {
    const withSign = { ...params, sign: 'ignored', Zeta: 'a b&c' };
    const joined =
      'Zeta=a b&c&email=merchant@example.com&product=mobilelegends&time=1700000000&uid=1041302&';
    expect(smileSign(withSign, 'k')).toBe(md5(md5(`${joined}k`)));
  });

  it('changes with any parameter and with the key', () => {
    const base = smileSign(params, 'k');
    expect(smileSign({ ...params, time: '1700000001' }, 'k')).not.toBe(base);
    expect(smileSign(params, 'other')).not.toBe(base);
    expect(base).toMatch(/^[0-9a-f]{32}$/);
  });
});
