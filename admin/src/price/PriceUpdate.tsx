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
import { Title, useGetList, useGetMany, useTranslate } from 'react-admin';
import { EmptyText, ErrorText, LoadingText } from '@/common/ListStates';
import { ItemPriceRow } from '@/price/ItemPriceRow';
import { PricePager } from '@/price/PricePager';
import { ProductPicker, type ProductChoice } from '@/price/ProductPicker';
import { ProductStockRow } from '@/price/ProductStockRow';
import { useSettled } from '@/price/useSettled';
import type { Item, Product } from '@/types';

/** Rows a card shows at once; the search, the product filter and the pager reach the rest. */
const PER_PAGE = 50;
/** The search and the product filter: the screen's width on a phone, side by side above it. */
const filterField = { maxWidth: { sm: 320 }, flexGrow: 1 };

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

/**
 * The names of the products a page of items sells in, asked for those products alone. Packs of
 * the same name sell in several products (each MLBB region has a Weekly Diamond Pass): every
 * item row names its product.
 */
const useProductNames = (items: Item[]) => {
  const ids = [...new Set(items.flatMap((item) => (item.productId ? [item.productId] : [])))];
  const { data } = useGetMany<Product>('viewproducts', { ids }, { enabled: ids.length > 0 });
  const names = new Map(data?.map((product) => [product.id, product.name]));
  return (item: Item) => (item.productId && names.get(item.productId)) || '';
};

/**
 * `/admin/price`: prices and stock per item, stock and note per product. Both cards are read a
 * page at a time from the server; the search finds products by name and items by their own or
 * their product's name, and the product filter shows one product's items.
 */
const PriceUpdate = () => {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const [product, setProduct] = useState<ProductChoice | null>(null);
  const productId = product?.id ?? '';
  const q = useSettled(search);
  // A new search or product starts both cards at their first page.
  const filterKey = JSON.stringify([q, productId]);
  const [pages, setPages] = useState({ filterKey, product: 1, item: 1 });
  const current = pages.filterKey === filterKey ? pages : { filterKey, product: 1, item: 1 };
  const productPage = current.product;
  const itemPage = current.item;
  const setProductPage = (page: number) => setPages({ ...current, product: page });
  const setItemPage = (page: number) => setPages({ ...current, item: page });
  const products = useGetList<Product>('viewproducts', {
    pagination: { page: productPage, perPage: PER_PAGE },
    sort: { field: 'productid', order: 'ASC' },
    filter: { ...(q ? { q } : {}), ...(productId ? { id: [productId] } : {}) },
  });
  const items = useGetList<Item>('viewitems', {
    pagination: { page: itemPage, perPage: PER_PAGE },
    sort: { field: 'itemid', order: 'ASC' },
    filter: { ...(q ? { q } : {}), ...(productId ? { productId } : {}) },
  });
  const heading = (name: string) => translate(`app.price.${name}`);
  const shownProducts = products.data ?? [];
  const shownItems = items.data ?? [];
  const productOf = useProductNames(shownItems);

  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Title title={translate('app.menu.price')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={translate('ra.action.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          size="small"
          sx={filterField}
        />
        <ProductPicker value={product} onChange={setProduct} sx={filterField} />
      </Stack>
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
        <PricePager
          page={productPage}
          perPage={PER_PAGE}
          total={products.total}
          onPage={setProductPage}
        />
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
        <PricePager page={itemPage} perPage={PER_PAGE} total={items.total} onPage={setItemPage} />
      </Card>
    </Stack>
  );
};

export default PriceUpdate;
