import { createHmac } from 'node:crypto';
import { isMooGoldApiType, moogoldAccountFields, moogoldAuth } from './moogold.adapter.js';

describe('moogoldAuth (PROVIDERS.md 3.1)', () => {
  it('is the hex HMAC-SHA256 of body + timestamp + path, keyed with the secret', () => {
    const body = '{"path":"user/balance"}';
    const expected = createHmac('sha256', 'secret')
      .update(`${body}1700000000user/balance`)
      .digest('hex');
    expect(moogoldAuth('secret', body, '1700000000', 'user/balance')).toBe(expected);
  });

  it('covers the exact bytes: the same JSON spaced differently signs differently', () => {
    const compact = moogoldAuth('s', '{"a":1}', '1', 'p');
    expect(moogoldAuth('s', '{ "a": 1 }', '1', 'p')).not.toBe(compact);
  });
});

describe('moogoldAccountFields (DESIGN section 13)', () => {
  it('names the fields per game and maps Genshin servers', () => {
    expect(moogoldAccountFields('MOOGOLDMLBB', '1', '2')).toEqual({
      'User ID': '1',
      'Server ID': '2',
    });
    expect(moogoldAccountFields('MOOGOLDGENSHIN', '1', 'TW_HK_Mo')).toEqual({
      'User ID': '1',
      Server: 'os_cht',
    });
    expect(moogoldAccountFields('MOOGOLDHOK', '1', 'x')).toEqual({ 'Player ID': '1' });
  });

  it('knows the three MooGold api types only', () => {
    expect(['MOOGOLDMLBB', 'MOOGOLDGENSHIN', 'MOOGOLDHOK'].every(isMooGoldApiType)).toBe(true);
    expect(isMooGoldApiType('SMILEBR')).toBe(false);
  });
});
