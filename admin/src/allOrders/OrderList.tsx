import TableRowsIcon from '@mui/icons-material/TableRows';
import ViewAgendaIcon from '@mui/icons-material/ViewAgenda';
import { ToggleButton, ToggleButtonGroup, useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  FilterButton,
  FunctionField,
  List,
  NumberField,
  TopToolbar,
  useStore,
  useTranslate,
} from 'react-admin';
import { OrderCards } from '@/allOrders/OrderCards';
import { orderFilters } from '@/allOrders/orderFilters';
import { OrderStatusField } from '@/allOrders/OrderStatusField';
import { formatDateTime } from '@zstore/contract/display-dates';
import { StackedField } from '@/common/StackedField';
import { ApiSourceField } from '@/resellers/ApiSourceField';
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

/** A phone always gets the cards: twelve columns do not fit its width. */
const useOrderView = (): { view: OrderView; canChoose: boolean } => {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [view] = useStore<OrderView>(VIEW_KEY, 'table');
  return isPhone ? { view: 'list', canChoose: false } : { view, canChoose: true };
};

const OrderListActions = () => {
  const { canChoose } = useOrderView();
  return (
    <TopToolbar>
      <FilterButton />
      {canChoose && <ViewToggle />}
    </TopToolbar>
  );
};

const dash = (value: string | null | undefined) => value || '—';

/** Pairs share a cell (ids, product and item, inputs, customer, dates): 1366 px holds them all. */
/** The payment mode, and "Guest" for an order placed without an account. */
const PaymentAndBuyer = ({ order }: { order: Order }) => {
  const translate = useTranslate();
  const mode = order.guest
    ? `${order.paymentmode} · ${translate('resources.txn.guest')}`
    : order.paymentmode;
  return <StackedField first={order.useremail} second={mode} />;
};

const OrderTable = () => (
  <DataTable<Order> bulkActionButtons={false} empty={empty} rowClick={false}>
    <Column source="orderid" label="resources.txn.columns.ids">
      <FunctionField<Order>
        render={(order) => (
          <>
            <StackedField first={order.orderid} second={dash(order.transactionid)} />
            {order.api && <ApiSourceField order={order} />}
          </>
        )}
      />
    </Column>
    <Column source="productname" label="resources.txn.columns.product">
      <FunctionField<Order>
        render={(order) => <StackedField first={order.productname} second={order.itemname} />}
      />
    </Column>
    <Column source="status">
      <OrderStatusField />
    </Column>
    <Column source="input1" label="resources.txn.columns.inputs" disableSort>
      <FunctionField<Order>
        render={(order) => <StackedField first={order.input1} second={dash(order.input2)} />}
      />
    </Column>
    <Column source="value" align="right">
      <NumberField source="value" locales="en-IN" options={rupeeFormat} />
    </Column>
    <Column source="useremail" label="resources.txn.columns.customer">
      <FunctionField<Order> render={(order) => <PaymentAndBuyer order={order} />} />
    </Column>
    <Column source="createdAt" label="resources.txn.columns.dates">
      <FunctionField<Order>
        render={(order) => (
          <StackedField
            first={formatDateTime(order.createdAt)}
            second={formatDateTime(order.updatedAt)}
          />
        )}
      />
    </Column>
  </DataTable>
);

/** `/admin/txn`: every order, newest first. */
const OrderList = () => {
  const { view } = useOrderView();
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
