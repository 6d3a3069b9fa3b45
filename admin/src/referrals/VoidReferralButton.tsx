import BlockIcon from '@mui/icons-material/Block';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { serverMessage } from '@/adminApi';
import { isSignedOut, useAdminDataProvider } from '@/dataProvider';
import type { Referral } from '@/types';

const VoidDialog = ({ referral, onClose }: { referral: Referral; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAdminDataProvider();
  const [reason, setReason] = useState('');
  const voiding = useMutation({
    mutationFn: () => dataProvider.voidReferral({ id: referral.id, reason: reason.trim() }),
    onSuccess: ({ data }) => {
      notify('resources.referrals.notifications.voided', {
        type: 'success',
        messageArgs: { points: data.clawedBackPoints },
      });
      refresh();
      onClose();
    },
    onError: (error) => {
      if (isSignedOut(error)) return;
      const message = serverMessage(error) ?? 'ra.notification.http_error';
      notify(message, { type: 'error', messageArgs: { _: message } });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) voiding.mutate();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit}>
        <DialogTitle>{translate('resources.referrals.actions.void_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {referral.referrer} → {referral.referee}.{' '}
            {translate('resources.referrals.actions.void_explain')}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            required
            label={translate('resources.referrals.fields.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button
            type="submit"
            color="error"
            variant="contained"
            disabled={!reason.trim() || voiding.isPending}
          >
            {translate('resources.referrals.actions.void')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

/** Voids a referral that is not void yet, after asking why. */
export const VoidReferralButton = () => {
  const referral = useRecordContext<Referral>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!referral || referral.status === 'void') return null;
  return (
    <>
      <Button size="small" color="error" startIcon={<BlockIcon />} onClick={() => setOpen(true)}>
        {translate('resources.referrals.actions.void')}
      </Button>
      {open && <VoidDialog referral={referral} onClose={() => setOpen(false)} />}
    </>
  );
};
