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

export type CheckIdOutcome = { verified: true; text: string } | { verified: false; text: string };

export function interpretCheckId(response: CheckIdAnswer): CheckIdOutcome {
  const message = response.message ?? '';
  if (message === 'success') {
    if (response.use === 'b') return { verified: false, text: INDO_ID_REFUSED };
    return { verified: true, text: `Username: ${response.username ?? ''}` };
  }
  if (REGION_NOTICE_PATTERNS.some((pattern) => pattern.test(message))) {
    return { verified: false, text: REGION_REFUSED };
  }
  return { verified: false, text: message };
}
