/**
 * The store's one delivery promise (spec 000): packs delivered through a supplier API arrive in
 * 1-6 minutes, the others are completed by our team in about 30 minutes.
 */
export const deliveryWindow = (isApi: boolean) => (isApi ? '1-6 minutes' : 'about 30 minutes');
