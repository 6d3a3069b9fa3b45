import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, NumberField, SimpleList } from 'react-admin';
import { TXN_PER_PAGE_OPTIONS } from '@/common/choices';
import { EmptyText } from '@/common/ListStates';
import { formatDateTime } from '@zstore/contract/display-dates';
import { DateTimeField } from '@/common/DateTimeField';
import { formatRupees, rupeeFormat } from '@/common/money';
import { TransactionPagination } from '@/common/TransactionPagination';
import type { WalletTransaction } from '@/types';
import { walletFilters } from '@/walletTransactions/walletFilters';
import { WalletStatusField } from '@/walletTransactions/WalletStatusField';

const Column = DataTable.Col<WalletTransaction>;
const empty = <EmptyText message="resources.wallettxn.empty" />;

/** `/admin/wallettxn`: every wallet transaction, newest first. */
const WalletTransactionList = () => {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List<WalletTransaction>
      filters={walletFilters}
      actions={false}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      perPage={TXN_PER_PAGE_OPTIONS[0]}
      pagination={<TransactionPagination />}
      empty={empty}
    >
      {isSmall ? (
        <SimpleList<WalletTransaction>
          primaryText={(txn) => `${txn.type} · ${formatRupees(txn.amount)}`}
          secondaryText={(txn) => `${txn.txnid} · ${txn.useremail}`}
          tertiaryText={(txn) => `${txn.status} · ${formatDateTime(txn.updatedAt)}`}
          linkType={false}
          empty={empty}
        />
      ) : (
        <DataTable<WalletTransaction> bulkActionButtons={false} empty={empty} rowClick={false}>
          <Column source="txnid" />
          <Column source="type" />
          <Column source="status">
            <WalletStatusField />
          </Column>
          <Column source="amount" align="right">
            <NumberField source="amount" locales="en-IN" options={rupeeFormat} />
          </Column>
          <Column source="orderid" />
          <Column source="userid" />
          <Column source="useremail" />
          <Column source="updatedAt">
            <DateTimeField source="updatedAt" />
          </Column>
        </DataTable>
      )}
    </List>
  );
};

export default WalletTransactionList;
