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

export function StatusPill({ status }: { status: string }) {
  return <span className={`pill ${TONES[status] ?? ''}`}>{status}</span>;
}
