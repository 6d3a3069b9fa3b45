import { useTranslation } from 'react-i18next';

const STATUS_KEYS = {
  Completed: 'status.Completed',
  Success: 'status.Success',
  Processing: 'status.Processing',
  Pending: 'status.Pending',
  Created: 'status.Created',
  Refunded: 'status.Refunded',
  Failed: 'status.Failed',
  Cancelled: 'status.Cancelled',
  Queued: 'status.Queued',
  Rejected: 'status.Rejected',
} as const;

const TONES: Record<string, string> = {
  Completed: 'pill-success',
  Success: 'pill-success',
  Processing: 'pill-warning',
  Pending: 'pill-warning',
  Created: 'pill-info',
  Refunded: 'pill-danger',
  Failed: 'pill-danger',
  Cancelled: 'pill-danger',
};

const isKnown = (status: string): status is keyof typeof STATUS_KEYS =>
  Object.hasOwn(STATUS_KEYS, status);

export function StatusPill({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={`pill ${TONES[status] ?? ''}`}>
      {isKnown(status) ? t(STATUS_KEYS[status]) : status}
    </span>
  );
}

/** An order's or payment's status as a word of the language on screen. */
export function StatusWord({ status }: { status: string }) {
  const { t } = useTranslation();
  return isKnown(status) ? t(STATUS_KEYS[status]) : status;
}
