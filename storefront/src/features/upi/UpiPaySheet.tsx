import { Modal } from '@/components/Modal';
import { UpiPayPanel } from './UpiPayPanel';
import type { UpiPayment } from './upiPayment';
import { useTranslation } from 'react-i18next';

/**
 * The checkout's UPI step. Closing it leaves the payment waiting: it stays payable from My
 * Orders (or the wallet's top-up page) until it expires.
 */
export function UpiPaySheet({
  payment,
  onClose,
  onSettled,
}: {
  payment: UpiPayment;
  onClose: () => void;
  /** Instead of going to the confirmation page (already there). */
  onSettled?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={payment.kind === 'order' ? t('upi.payByUpi') : t('upi.topUpByUpi')}
      onClose={onClose}
      variant="sheet"
      footer={
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('upi.payLater')}
        </button>
      }
    >
      <UpiPayPanel payment={payment} onSettled={onSettled} />
    </Modal>
  );
}
