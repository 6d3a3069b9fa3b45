import { inputsValid } from './orders.service.js';

const mlbb = { type: 'MLBB', category: 'instant-games' };
const genshin = { type: 'GENSHIN', category: 'games' };
const ott = { type: 'OTHER', category: 'ott' };

describe('order inputs', () => {
  it('wants a 6-12 digit player id and a 1-5 digit zone for MLBB', () => {
    expect(inputsValid(mlbb, '10000001', '1001')).toBe(true);
    expect(inputsValid(mlbb, '12345', '1001')).toBe(false);
    expect(inputsValid(mlbb, '1234567890123', '1001')).toBe(false);
    expect(inputsValid(mlbb, '10000001', '123456')).toBe(false);
    expect(inputsValid(mlbb, '10000001', '')).toBe(false);
  });

  it('wants one of the four servers for Genshin', () => {
    for (const server of ['America', 'Asia', 'Europe', 'TW_HK_Mo']) {
      expect(inputsValid(genshin, '700000001', server)).toBe(true);
    }
    expect(inputsValid(genshin, '700000001', 'asia')).toBe(false);
  });

  it('wants an e-mail for OTT and a bounded second field', () => {
    expect(inputsValid(ott, 'asha@example.com', 'Asha')).toBe(true);
    expect(inputsValid(ott, '12345678', 'Asha')).toBe(false);
    expect(inputsValid(ott, 'asha@example.com', 'x'.repeat(65))).toBe(false);
  });
});
