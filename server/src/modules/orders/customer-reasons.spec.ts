import { playerRefusalWords, refundWords, rupeesText } from './customer-reasons.js';

describe('what the customer reads about a refund', () => {
  it('names the server of a Smile.one region', () => {
    expect(playerRefusalWords('unknown-player', 'SMILEBR')).toBe(
      'This player ID does not exist on the Brazil server.',
    );
    expect(playerRefusalWords('region-blocked', 'SMILEPH')).toBe(
      "This account's region cannot be topped up on the Philippines server.",
    );
    expect(playerRefusalWords('details-refused', 'MOOGOLDGENSHIN')).toBe(
      'The game did not accept these player details.',
    );
  });

  it('says where the money went, in rupees', () => {
    expect(refundWords('This player ID does not exist on the Brazil server.', 11900)).toBe(
      'This player ID does not exist on the Brazil server. ₹119 went back to your Z-Coins.',
    );
    expect(refundWords('Out of stock at the supplier', 1250)).toBe(
      'Out of stock at the supplier. ₹12.50 went back to your Z-Coins.',
    );
    expect(refundWords(undefined, 0)).toBe('We could not deliver this order.');
    expect(rupeesText(50)).toBe('₹0.50');
  });
});
