import TableRowsIcon from '@mui/icons-material/TableRows';
import ViewAgendaIcon from '@mui/icons-material/ViewAgenda';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import {
  DataTable,
  FilterButton,
  List,
  NumberField,
  TopToolbar,
  useStore,
  useTranslate,
} from 'react-admin';
import { OrderCards } from '@/allOrders/OrderCards';
import { orderFilters } from '@/allOrders/orderFilters';
import { OrderStatusField } from '@/allOrders/OrderStatusField';
import { DateTimeField } from '@/common/DateTimeField';
import { TXN_PER_PAGE_OPTIONS } from '@/common/choices';
import { EmptyText } from '@/common/ListStates';
import { rupeeFormat } from '@/common/money';
import { TransactionPagination } from '@/common/TransactionPagination';
import type { Order } from '@/types';

type OrderView = 'table' | 'list';
const VIEW_KEY = 'txn.view';

const Column = DataTable.Col<Order>;
const empty = <EmptyText message="resources.txn.empty" />;

const ViewToggle = () => {
  const translate = useTranslate();
  const [view, setView] = useStore<OrderView>(VIEW_KEY, 'table');
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={view}
      onChange={(_event, value: OrderView | null) => value && setView(value)}
    >
      <ToggleButton value="table" aria-label={translate('app.view.table')}>
        <TableRowsIcon fontSize="small" />
      </ToggleButton>
      <ToggleButton value="list" aria-label={translate('app.view.list')}>
        <ViewAgendaIcon fontSize="small" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
};

const OrderListActions = () => (
  <TopToolbar>
    <FilterButton />
    <ViewToggle />
  </TopToolbar>
);

const OrderTable = () => (
  <DataTable<Order> bulkActionButtons={false} empty={empty} rowClick={false}>
    <Column source="orderid" />
    <Column source="transactionid" />
    <Column source="productname" />
    <Column source="itemname" />
    <Column source="status">
      <OrderStatusField />
    </Column>
    <Column source="input1" />
    <Column source="input2" />
    <Column source="value" align="right">
      <NumberField source="value" locales="en-IN" options={rupeeFormat} />
    </Column>
    <Column source="useremail" />
    <Column source="paymentmode" />
    <Column source="createdAt">
      <DateTimeField source="createdAt" />
    </Column>
    <Column source="updatedAt">
      <DateTimeField source="updatedAt" />
    </Column>
  </DataTable>
);

/** `/admin/txn`: every order, newest first. */
const OrderList = () => {
  const [view] = useStore<OrderView>(VIEW_KEY, 'table');
  return (
    <List<Order>
      filters={orderFilters}
      actions={<OrderListActions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={TXN_PER_PAGE_OPTIONS[0]}
      pagination={<TransactionPagination />}
      empty={empty}
    >
      {view === 'list' ? <OrderCards /> : <OrderTable />}
    </List>
  );
};

export default OrderList;
