import { DateInput, NumberInput, SearchInput, SelectInput, TextInput } from 'react-admin';
import { orderStatusChoices, paymentModeChoices } from '@/allOrders/orderChoices';

export const orderFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={orderStatusChoices}
    emptyText="app.all"
    alwaysOn
  />,
  <SelectInput
    key="paymentmode"
    source="paymentmode"
    choices={paymentModeChoices}
    emptyText="app.all"
    alwaysOn
  />,
  <SelectInput
    key="guest"
    source="guest"
    choices={[{ id: 'true', name: 'resources.txn.guest_only' }]}
    emptyText="app.all"
    alwaysOn
  />,
  <DateInput key="from" source="from" alwaysOn />,
  <DateInput key="to" source="to" alwaysOn />,
  <TextInput key="reference" source="reference" />,
  <NumberInput key="reseller" source="reseller" />,
];
