import {
  Card,
  CardHeader,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { Title, useGetList, useTranslate } from 'react-admin';
import { EmptyText, ErrorText, LoadingText } from '@/common/ListStates';
import { ItemPriceRow } from '@/price/ItemPriceRow';
import { ProductStockRow } from '@/price/ProductStockRow';
import type { Item, Product } from '@/types';

const ALL = { page: 1, perPage: 500 };

/**
 * On a phone each row becomes a small block of labelled fields with its Save button, instead of
 * a table wider than the screen.
 */
const stackedOnPhone = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& thead': { display: 'none' },
    '& tr': {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'flex-end',
      gap: 1.5,
      px: 2,
      py: 1.5,
      borderBottom: 1,
      borderColor: 'divider',
    },
    '& td': { border: 0, p: 0 },
    '& td:first-of-type, & td:nth-of-type(2)': { fontWeight: 500 },
    '& td[data-label]::before': {
      content: 'attr(data-label)',
      display: 'block',
      typography: 'caption',
      color: 'text.secondary',
    },
  },
});

const matches = (name: string, search: string) =>
  name.toLowerCase().includes(search.trim().toLowerCase());

/** `/admin/price`: prices and stock per item, stock and note per product. */
const PriceUpdate = () => {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const items = useGetList<Item>('viewitems', {
    pagination: ALL,
    sort: { field: 'itemid', order: 'ASC' },
  });
  const products = useGetList<Product>('viewproducts', {
    pagination: ALL,
    sort: { field: 'productid', order: 'ASC' },
  });
  const heading = (name: string) => translate(`app.price.${name}`);
  const shownProducts = products.data?.filter((product) => matches(product.name, search)) ?? [];
  // Packs of the same name sell in several products (each MLBB region has a Weekly Diamond
  // Pass): every item row names its product, and the search finds items by it too.
  const productNames = new Map(products.data?.map((product) => [product.id, product.name]));
  const productOf = (item: Item) => (item.productId && productNames.get(item.productId)) || '';
  const shownItems =
    items.data?.filter((item) => matches(item.name, search) || matches(productOf(item), search)) ??
    [];

  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Title title={translate('app.menu.price')} />
      <TextField
        label={translate('ra.action.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        size="small"
        sx={{ maxWidth: 320 }}
      />
      <Card>
        <CardHeader title={heading('products_title')} />
        {products.isPending && <LoadingText />}
        {products.error && <ErrorText message={products.error.message} />}
        {products.data && shownProducts.length === 0 && (
          <EmptyText message="ra.navigation.no_results" />
        )}
        {shownProducts.length > 0 && (
          <TableContainer>
            <Table size="small" sx={stackedOnPhone}>
              <TableHead>
                <TableRow>
                  <TableCell>{heading('product')}</TableCell>
                  <TableCell>{heading('in_stock')}</TableCell>
                  <TableCell>{heading('important_note')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {shownProducts.map((product) => (
                  <ProductStockRow key={product.id} product={product} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
      <Card>
        <CardHeader title={heading('items_title')} />
        {items.isPending && <LoadingText />}
        {items.error && <ErrorText message={items.error.message} />}
        {items.data && shownItems.length === 0 && <EmptyText message="ra.navigation.no_results" />}
        {shownItems.length > 0 && (
          <TableContainer>
            <Table size="small" sx={stackedOnPhone}>
              <TableHead>
                <TableRow>
                  <TableCell>{heading('item_id')}</TableCell>
                  <TableCell>{heading('item')}</TableCell>
                  <TableCell>{heading('product')}</TableCell>
                  <TableCell>{heading('price')}</TableCell>
                  <TableCell>{heading('resell_price')}</TableCell>
                  <TableCell>{heading('in_stock')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {shownItems.map((item) => (
                  <ItemPriceRow key={item.id} item={item} product={productOf(item)} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
    </Stack>
  );
};

export default PriceUpdate;
