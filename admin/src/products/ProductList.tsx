import { Box } from '@mui/material';
import {
  BooleanField,
  CreateButton,
  DataTable,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useBasename,
  useRecordContext,
} from 'react-admin';
import { categoryChoices } from '@/common/choices';
import { ErrorText, LoadingText } from '@/common/ListStates';
import { RowActions } from '@/common/RowActions';
import { ProductEditDialog } from '@/products/ProductEditDialog';
import type { Product } from '@/types';

const Column = DataTable.Col<Product>;

const productFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="category"
    source="category"
    choices={categoryChoices}
    emptyText="app.all"
    alwaysOn
  />,
];

const ProductImage = () => {
  const product = useRecordContext<Product>();
  if (!product?.imgpath) return null;
  return (
    <Box
      component="img"
      src={product.imgpath}
      alt=""
      loading="lazy"
      sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 1, display: 'block' }}
    />
  );
};

/** The create form lives at the spec's own route, under the console's basename. */
const CreateActions = () => {
  const basename = useBasename();
  return (
    <TopToolbar>
      <CreateButton to={`${basename}/createproduct`} />
    </TopToolbar>
  );
};

/** `/admin/viewproducts`. */
const ProductList = () => (
  <List<Product>
    filters={productFilters}
    actions={<CreateActions />}
    sort={{ field: 'productid', order: 'ASC' }}
    perPage={50}
    loading={<LoadingText />}
    error={<ErrorText message="resources.viewproducts.notifications.fetch_failed" />}
  >
    <DataTable<Product> bulkActionButtons={false} rowClick={false}>
      <Column source="productid" />
      <Column source="imgpath" disableSort>
        <ProductImage />
      </Column>
      <Column source="name" />
      <Column source="type" />
      <Column source="category" />
      <Column source="items" disableSort>
        <FunctionField<Product> render={(product) => (product.items ?? []).join(', ')} />
      </Column>
      <Column source="istrending">
        <BooleanField source="istrending" />
      </Column>
      <Column source="instock">
        <BooleanField source="instock" />
      </Column>
      <Column source="apiType">
        <FunctionField<Product> render={(product) => (product.isApi ? product.apiType : '—')} />
      </Column>
      <Column label="ra.action.edit" disableSort>
        <RowActions<Product>
          editDialog={(product, close) => <ProductEditDialog product={product} onClose={close} />}
          deleteConfirm="resources.viewproducts.delete_confirm"
          deleteFailure="resources.viewproducts.notifications.delete_failed"
        />
      </Column>
    </DataTable>
  </List>
);

export default ProductList;
