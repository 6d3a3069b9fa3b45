import {
  BooleanField,
  CreateButton,
  DataTable,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  TopToolbar,
  useBasename,
} from 'react-admin';
import { apiTypeChoices } from '@/common/choices';
import { ErrorText, LoadingText } from '@/common/ListStates';
import { rupeeFormat } from '@/common/money';
import { RowActions } from '@/common/RowActions';
import { ItemEditDialog } from '@/items/ItemEditDialog';
import type { Item } from '@/types';

const Column = DataTable.Col<Item>;

const itemFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="apiType"
    source="apiType"
    choices={apiTypeChoices}
    emptyText="app.all"
    alwaysOn
  />,
];

const Price = ({ source }: { source: 'originalprice' | 'discountedprice' | 'resellprice' }) => (
  <NumberField source={source} locales="en-IN" options={rupeeFormat} />
);

/** The create form lives at the spec's own route, under the console's basename. */
const CreateActions = () => {
  const basename = useBasename();
  return (
    <TopToolbar>
      <CreateButton to={`${basename}/createitems`} />
    </TopToolbar>
  );
};

/** `/admin/viewitems`. */
const ItemList = () => (
  <List<Item>
    filters={itemFilters}
    actions={<CreateActions />}
    sort={{ field: 'itemid', order: 'ASC' }}
    perPage={50}
    loading={<LoadingText />}
    error={<ErrorText message="resources.viewitems.notifications.fetch_failed" />}
  >
    <DataTable<Item> bulkActionButtons={false} rowClick={false}>
      <Column source="itemid" />
      <Column source="name" />
      <Column source="type" />
      <Column source="originalprice" align="right">
        <Price source="originalprice" />
      </Column>
      <Column source="discountedprice" align="right">
        <Price source="discountedprice" />
      </Column>
      <Column source="resellprice" align="right">
        <Price source="resellprice" />
      </Column>
      <Column source="inStock">
        <BooleanField source="inStock" />
      </Column>
      <Column source="apiType">
        <FunctionField<Item> render={(item) => (item.isApi ? item.apiType : '—')} />
      </Column>
      <Column label="ra.action.edit" disableSort>
        <RowActions<Item>
          editDialog={(item, close) => <ItemEditDialog item={item} onClose={close} />}
          deleteConfirm="resources.viewitems.delete_confirm"
          deleteFailure="resources.viewitems.notifications.delete_failed"
        />
      </Column>
    </DataTable>
  </List>
);

export default ItemList;
