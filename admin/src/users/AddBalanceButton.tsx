import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
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
import { useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { newIdempotencyKey, serverMessage } from '@/adminApi';
import { formatRupees } from '@/common/money';
import { isSignedOut, useAdminDataProvider } from '@/dataProvider';
import type { User } from '@/types';

interface AddBalanceVariables {
  user: User;
  amount: number;
  idempotencyKey: string;
}

const AddBalanceDialog = ({ user, onClose }: { user: User; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAdminDataProvider();
  const [amount, setAmount] = useState('');
  // One key per amount: a second click on a slow request credits the wallet once, and a
  // corrected amount is a new request rather than a replay of the refused one.
  const keyOfAmount = useRef<{ amount: number; key: string } | null>(null);
  const keyFor = (rupees: number) => {
    if (keyOfAmount.current?.amount !== rupees) {
      keyOfAmount.current = { amount: rupees, key: newIdempotencyKey() };
    }
    return keyOfAmount.current.key;
  };
  const addBalance = useMutation({
    mutationFn: ({ user: target, amount: rupees, idempotencyKey: key }: AddBalanceVariables) =>
      dataProvider.addBalance({
        userId: target.userid,
        email: target.email,
        amount: rupees,
        idempotencyKey: key,
      }),
    onSuccess: ({ data }) => {
      const message = data?.message ?? 'resources.usersdata.notifications.balance_added';
      notify(message, { type: 'success', messageArgs: { _: message } });
      refresh();
      onClose();
    },
    onError: (error) => {
      if (isSignedOut(error)) return;
      const message = serverMessage(error);
      if (message) notify(message, { type: 'error', messageArgs: { _: message } });
      else notify('resources.usersdata.notifications.balance_failed', { type: 'error' });
    },
  });

  const value = Number(amount);
  const valid = amount.trim() !== '' && Number.isFinite(value);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    addBalance.mutate({ user, amount: value, idempotencyKey: keyFor(value) });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit}>
        <DialogTitle>{translate('resources.usersdata.actions.add_balance')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {translate('resources.usersdata.actions.add_balance_to', {
              name: user.name,
              email: user.email,
              balance: formatRupees(user.balance),
            })}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            type="number"
            label={translate('resources.usersdata.fields.amount')}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            slotProps={{ htmlInput: { step: '0.01' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!valid || addBalance.isPending}>
            {translate('resources.usersdata.actions.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

/** Spec 002 "add wallet balance with an amount" (`POST /api/admin/adduserbalance`). */
export const AddBalanceButton = () => {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  const openDialog = (event: MouseEvent) => {
    // Inside a table row, the click would also open the edit page.
    event.stopPropagation();
    setOpen(true);
  };
  return (
    <>
      <Button size="small" startIcon={<AccountBalanceWalletIcon />} onClick={openDialog}>
        {translate('resources.usersdata.actions.add_balance')}
      </Button>
      {open && (
        // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-static-element-interactions -- keeps the dialog's clicks from reaching the list row behind it
        <span onClick={(event) => event.stopPropagation()}>
          <AddBalanceDialog user={user} onClose={() => setOpen(false)} />
        </span>
      )}
    </>
  );
};
