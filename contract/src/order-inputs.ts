/**
 * What each product asks the customer for, and what the store accepts (DESIGN section 13
 * "Products and inputs"). The server checks orders with it and the storefront builds its form
 * from it (`@zstore/contract/order-inputs`), so the two can never disagree.
 *
 * Product types are MLBB, GENSHIN, HOK and OTHER; categories are games, instant-games, ott and
 * others. Games take a numeric player id; OTT subscriptions and the other digital items
 * (gift codes) are delivered to an e-mail address.
 */
export const GENSHIN_SERVERS = ['America', 'Asia', 'Europe', 'TW_HK_Mo'] as const;

const EMAIL_CATEGORIES = ['ott', 'others'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;
export const SECOND_INPUT_MAX_LENGTH = 64;

/** `playerId`: 6-12 digits. `email`: an e-mail address. */
export type FirstInputKind = 'playerId' | 'email';
/** `zone`: 1-5 digits (MLBB). `server`: one of GENSHIN_SERVERS. `text`: up to 64 characters. */
export type SecondInputKind = 'zone' | 'server' | 'text';

export interface ProductKind {
  type: string;
  category: string;
}

export function firstInputKind(product: ProductKind): FirstInputKind {
  return EMAIL_CATEGORIES.includes(product.category) ? 'email' : 'playerId';
}

export function secondInputKind(product: ProductKind): SecondInputKind {
  if (firstInputKind(product) === 'email') return 'text';
  const type = product.type.toUpperCase();
  if (type === 'MLBB') return 'zone';
  if (type === 'GENSHIN') return 'server';
  return 'text';
}

/** What a customer's typing becomes in the field: digits only where only digits are allowed. */
export function cleanInput(kind: FirstInputKind | SecondInputKind, value: string): string {
  if (kind === 'playerId' || kind === 'zone') return value.replace(/\D/g, '');
  if (kind === 'email') return value.trim();
  return value;
}

export function firstInputValid(product: ProductKind, input1: string): boolean {
  if (firstInputKind(product) === 'email') {
    return input1.length <= EMAIL_MAX_LENGTH && EMAIL.test(input1);
  }
  return /^\d{6,12}$/.test(input1);
}

export function secondInputValid(product: ProductKind, input2: string): boolean {
  if (!input2.trim() || input2.length > SECOND_INPUT_MAX_LENGTH) return false;
  const kind = secondInputKind(product);
  if (kind === 'zone') return /^\d{1,5}$/.test(input2);
  if (kind === 'server') return (GENSHIN_SERVERS as readonly string[]).includes(input2);
  return true;
}

export function inputsValid(product: ProductKind, input1: string, input2: string): boolean {
  return firstInputValid(product, input1) && secondInputValid(product, input2);
}
