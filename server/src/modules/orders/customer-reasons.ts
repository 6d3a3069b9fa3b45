import { toRupees } from '../../common/money.js';

/** Why a supplier refused the player, as the customer reads it. */
export type PlayerRefusal = 'unknown-player' | 'region-blocked' | 'details-refused';

const SERVERS: Record<string, string> = { SMILEBR: 'Brazil', SMILEPH: 'Philippines' };

export function playerRefusalWords(refusal: PlayerRefusal, apiType: string | null): string {
  const server = apiType && SERVERS[apiType] ? ` on the ${SERVERS[apiType]} server` : '';
  if (refusal === 'unknown-player') return `This player ID does not exist${server}.`;
  if (refusal === 'region-blocked') return `This account's region cannot be topped up${server}.`;
  return 'The game did not accept these player details.';
}

/** '₹119' or '₹12.50'. */
export function rupeesText(paise: number): string {
  const rupees = toRupees(paise);
  return `₹${Number.isInteger(rupees) ? rupees : rupees.toFixed(2)}`;
}

/** Why an order was refunded and where the money went: 'This ... ₹119 went back to your Z-Coins.' */
export function refundWords(why: string | undefined, paise: number): string {
  const cause = why?.trim() || 'We could not deliver this order.';
  const sentence = /[.!?]$/.test(cause) ? cause : `${cause}.`;
  return paise > 0 ? `${sentence} ${rupeesText(paise)} went back to your Z-Coins.` : sentence;
}
