import { cleanInput, firstInputKind, inputsValid, secondInputKind } from './order-inputs.js';

const mlbb = { type: 'MLBB', category: 'instant-games' };
const genshin = { type: 'GENSHIN', category: 'games' };
const hok = { type: 'HOK', category: 'games' };
const bgmi = { type: 'OTHER', category: 'games' };
const ott = { type: 'OTHER', category: 'ott' };
const giftCode = { type: 'OTHER', category: 'others' };

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

  it('wants a player id and a bounded second field for the other games', () => {
    for (const game of [hok, bgmi]) {
      expect(firstInputKind(game)).toBe('playerId');
      expect(secondInputKind(game)).toBe('text');
      expect(inputsValid(game, '5123456789', 'Ravi')).toBe(true);
      expect(inputsValid(game, 'ravi@example.com', 'Ravi')).toBe(false);
      expect(inputsValid(game, '5123456789', ' ')).toBe(false);
    }
  });

  it('wants an e-mail for OTT subscriptions and the other digital items, whatever their type', () => {
    for (const product of [ott, giftCode]) {
      expect(firstInputKind(product)).toBe('email');
      expect(secondInputKind(product)).toBe('text');
      expect(inputsValid(product, 'asha@example.com', 'Asha')).toBe(true);
      expect(inputsValid(product, 'asha.rao+play@example.in', 'Asha Rao')).toBe(true);
      expect(inputsValid(product, '12345678', 'Asha')).toBe(false);
      expect(inputsValid(product, 'asha@example.com', 'x'.repeat(65))).toBe(false);
    }
  });

  it('keeps what a customer types into an e-mail field and only digits in numeric ones', () => {
    expect(cleanInput('email', ' gamer@example.com ')).toBe('gamer@example.com');
    expect(cleanInput('playerId', '1000 0001')).toBe('10000001');
    expect(cleanInput('zone', '(1001)')).toBe('1001');
    expect(cleanInput('text', 'Asha Rao')).toBe('Asha Rao');
  });
});
