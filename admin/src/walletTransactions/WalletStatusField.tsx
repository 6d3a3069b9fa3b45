import { Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { VerifyPaymentLink } from '@/common/VerifyPaymentLink';
import type { WalletTransaction, WalletTxnStatus } from '@/types';

const STATUS_COLOR: Record<WalletTxnStatus, 'success' | 'warning' | 'error' | 'default' | 'info'> =
  {
    Success: 'success',
    Pending: 'warning',
    Failed: 'error',
    Created: 'default',
    Processing: 'info',
  };

/** Success green, Pending yellow with a spinner, Failed red, Created with Verify Payment. */
export const WalletStatusField = () => {
  const txn = useRecordContext<WalletTransaction>();
  const translate = useTranslate();
  if (!txn) return null;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip
        size="small"
        color={STATUS_COLOR[txn.status] ?? 'default'}
        label={txn.status}
        icon={txn.status === 'Pending' ? <CircularProgress size={12} color="inherit" /> : undefined}
      />
      {txn.status === 'Pending' && (
        <Typography variant="caption" color="warning.main">
          {translate('resources.wallettxn.pending')}
        </Typography>
      )}
      {txn.status === 'Created' && (
        <VerifyPaymentLink page="/walletconfirmation" clientTxnId={txn.txnid} />
      )}
    </Stack>
  );
};
