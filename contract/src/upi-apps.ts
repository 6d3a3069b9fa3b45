/**
 * The UPI apps the checkout offers, keyed by the gateway's `upi_intent` link names
 * (UPIGateway `create_order`), in the order a customer sees them.
 */
export const UPI_APPS = [
  { link: 'gpay_link', app: 'gpay', name: 'Google Pay' },
  { link: 'phonepe_link', app: 'phonepe', name: 'PhonePe' },
  { link: 'paytm_link', app: 'paytm', name: 'Paytm' },
  { link: 'bhim_link', app: 'bhim', name: 'BHIM' },
] as const;

export type UpiAppLink = (typeof UPI_APPS)[number]['link'];
export type UpiApp = (typeof UPI_APPS)[number]['app'] | 'any';

/**
 * In sandbox mode the store's pages carry `<meta name="zstore-sandbox-upi-app" content="<path>">`:
 * the UPI simulator's page that plays the UPI app. The storefront then opens each app link there
 * (`<path>?app=<app>&<the link's own query>`, `app` one of `UpiApp`), since no real app knows the simulator's payee.
 */
export const SANDBOX_UPI_APP_META = 'zstore-sandbox-upi-app';
export const SANDBOX_UPI_APP_PATH = '/sandbox/upigateway/app';
