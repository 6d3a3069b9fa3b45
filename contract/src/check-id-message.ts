/** What `POST /api/order/checkid` answers, as far as the storefront reads it. */
export interface CheckIdAnswer {
  message?: string;
  use?: string;
  username?: string;
}

export const INDO_ID_REFUSED = 'Recharge for Indo IDs is not permitted';
export const REGION_REFUSED =
  'Recharge For This ID is not permitted. Contact Admin or try purchasing another region packs.';

/**
 * Supplier notices that all mean "this ID cannot be topped up here": the monthly Malaysia
 * limit, the failed recharge asking to contact customer service, the Brazilian-catalogue
 * regional ban and the Philippines/Singapore fee change.
 */
const REGION_NOTICE_PATTERNS = [
  /monthly top-up limit/i,
  /350,?000/,
  /contact customer service/i,
  /do not support recharge for users in/i,
  /philippines and singapore/i,
  /55%/,
];

export type CheckIdOutcome =
  { verified: true; text: string } | { verified: false; text: string; explanation?: string };

/**
 * A plain English line for the supplier's own words (shown as returned, spec 000 section 8),
 * like the refund reasons give: what went wrong and what to check. `region` is the product's
 * server ('Brazil'), when its name says it.
 */
export function explainCheckId(message: string, region?: string): string | undefined {
  const server = region ? `the ${region} server` : 'this server';
  if (/USER ID ou Zone ID n[ãa]o existe/i.test(message)) {
    return `This player ID and zone were not found on ${server}. Check both in your game profile.`;
  }
  if (/USER ID n[ãa]o existe/i.test(message)) {
    return `This player ID was not found on ${server}. Check the ID and zone in your game profile.`;
  }
  return undefined;
}

/** 'Mobile Legends (Brazil server)' is on the Brazil server. */
export const serverRegionOf = (productName: string) =>
  /\(([^()]+?) server\)\s*$/i.exec(productName)?.[1];

export function interpretCheckId(response: CheckIdAnswer, region?: string): CheckIdOutcome {
  const message = response.message ?? '';
  if (message === 'success') {
    if (response.use === 'b') return { verified: false, text: INDO_ID_REFUSED };
    return { verified: true, text: `Username: ${response.username ?? ''}` };
  }
  if (REGION_NOTICE_PATTERNS.some((pattern) => pattern.test(message))) {
    return { verified: false, text: REGION_REFUSED };
  }
  return { verified: false, text: message, explanation: explainCheckId(message, region) };
}
