import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ApiError, downloadFile } from '@/api/client';
import type { Order } from '@/api/types';
import { useTranslation } from 'react-i18next';

/** Orders that were paid have a tax invoice (a refund adds a credit note, the invoice stays). */
export const INVOICED = ['Processing', 'Completed', 'Refunded', 'Cancelled'];

export const downloadInvoice = (orderid: string) =>
  downloadFile(`/order/${encodeURIComponent(orderid)}/invoice`, `invoice-${orderid}.pdf`);

/** "Download invoice" on a paid order: the GST tax invoice as PDF. */
export function InvoiceLink({ order }: { order: Order }) {
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  if (!INVOICED.includes(order.status)) return null;
  const download = async () => {
    setBusy(true);
    try {
      await downloadInvoice(order.orderid);
    } catch (failure) {
      toast.error(
        failure instanceof ApiError && failure.status === 404
          ? t('orders.noInvoice')
          : t('orders.invoiceFailed'),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn-secondary btn-sm"
      onClick={() => void download()}
      disabled={busy}
    >
      {t('orders.downloadInvoice')}
    </button>
  );
}
