import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import { lazy } from 'react';
import type { WalletTransaction } from '@/types';

export default {
  list: lazy(() => import('@/walletTransactions/WalletTransactionList')),
  icon: AccountBalanceWalletIcon,
  recordRepresentation: (record: WalletTransaction) => record.txnid,
};
