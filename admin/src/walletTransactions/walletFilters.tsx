import { DateInput, SearchInput, SelectInput, TextInput } from 'react-admin';
import { walletStatusChoices, walletTypeChoices } from '@/walletTransactions/walletChoices';

export const walletFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="type" source="type" choices={walletTypeChoices} emptyText="app.all" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={walletStatusChoices}
    emptyText="app.all"
    alwaysOn
  />,
  <TextInput key="orderid" source="orderid" alwaysOn />,
  <DateInput key="from" source="from" alwaysOn />,
  <DateInput key="to" source="to" alwaysOn />,
];
