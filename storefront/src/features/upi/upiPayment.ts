import {
  SANDBOX_UPI_APP_META,
  UPI_APPS,
  type UpiApp,
  type UpiAppLink,
} from '@zstore/contract/upi-apps';
import type { Order } from '@/api/types';

export type UpiIntent = Partial<Record<UpiAppLink, string>>;

/** A UPI payment the customer can make now: an unpaid order or top-up and its gateway links. */
export interface UpiPayment {
  kind: 'order' | 'topup';
  /** The order's `orderid` or the top-up's `txnid`. */
  id: string;
  /** Rupees. */
  amount: number;
  /** The gateway's own payment page, the fallback. */
  paymentUrl: string;
  upiIntent: UpiIntent;
  expiresAt: string | null;
  /** A guest order's mobile: its status is read through the guest look-up. */
  guestMobile?: string;
}

interface PaymentAnswer {
  payment_url: string;
  upi_intent?: UpiIntent;
  amount?: number;
  expires_at?: string | null;
}

/** The payment a create answer (`createOrder`, `wallet/topup`) describes. */
export function paymentFromAnswer(
  kind: UpiPayment['kind'],
  id: string,
  data: PaymentAnswer,
  amount: number,
): UpiPayment {
  return {
    kind,
    id,
    amount: data.amount ?? amount,
    paymentUrl: data.payment_url,
    upiIntent: data.upi_intent ?? {},
    expiresAt: data.expires_at ?? null,
  };
}

/** An unpaid UPI order's payment while it can still be made (the status answers carry it). */
export function paymentOfOrder(order: Order): UpiPayment | null {
  if (order.status !== 'Created' || !order.paymentUrl) return null;
  return {
    kind: 'order',
    id: order.orderid,
    amount: Number(order.value),
    paymentUrl: order.paymentUrl,
    upiIntent: order.upiIntent ?? {},
    expiresAt: order.paymentExpiresAt ?? null,
  };
}

/** A UPI link's parameters (`pa`, `pn`, `am`...), whatever the app's scheme. */
export function linkParams(link: string): URLSearchParams {
  const query = link.indexOf('?');
  return new URLSearchParams(query < 0 ? '' : link.slice(query + 1));
}

/** The plain `upi://pay` link any UPI app opens (and a QR code carries). */
export function anyAppLink(intent: UpiIntent): string | null {
  const source = intent.bhim_link ?? Object.values(intent).find(Boolean);
  return source ? `upi://pay?${linkParams(source).toString()}` : null;
}

/** Who is paid, as the UPI app will show it. */
export function payeeOf(intent: UpiIntent): { name: string; vpa: string | null } {
  const link = anyAppLink(intent);
  const params = link ? linkParams(link) : new URLSearchParams();
  return { name: params.get('pn') || 'Z Store', vpa: params.get('pa') };
}

/** The simulator's UPI app page, when the store runs in sandbox mode (its pages say so). */
function sandboxAppPage(): string | null {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${SANDBOX_UPI_APP_META}"]`);
  return meta?.content || null;
}

export interface AppButton {
  app: UpiApp;
  name: string;
  logo: string;
  href: string;
  /** Opens in another tab (the sandbox's app page), as a real app opens beside the browser. */
  external: boolean;
}

const LOGOS: Record<UpiApp, string> = {
  gpay: '/images/pay-gpay.svg',
  phonepe: '/images/pay-phonepe.svg',
  paytm: '/images/pay-paytm.svg',
  bhim: '/images/pay-upi.svg',
  any: '/images/pay-upi.svg',
};

/**
 * A button for each app the gateway sent a link for, then "any UPI app". In sandbox mode each
 * opens the simulator's app page with the link's own parameters.
 */
export function appButtons(intent: UpiIntent): AppButton[] {
  const appPage = sandboxAppPage();
  const button = (app: UpiApp, name: string, link: string): AppButton => {
    if (!appPage) return { app, name, logo: LOGOS[app], href: link, external: false };
    const params = linkParams(link);
    params.set('app', app);
    return { app, name, logo: LOGOS[app], href: `${appPage}?${params.toString()}`, external: true };
  };
  const buttons = UPI_APPS.flatMap(({ link, app, name }) => {
    const href = intent[link];
    return href ? [button(app, name, href)] : [];
  });
  const any = anyAppLink(intent);
  if (any) buttons.push(button('any', 'Any UPI app', any));
  return buttons;
}

/** In sandbox mode, the simulator's app page for the QR's link (what scanning it would open). */
export function sandboxScanLink(intent: UpiIntent): string | null {
  const appPage = sandboxAppPage();
  const link = anyAppLink(intent);
  if (!appPage || !link) return null;
  const params = linkParams(link);
  params.set('app', 'any');
  return `${appPage}?${params.toString()}`;
}
