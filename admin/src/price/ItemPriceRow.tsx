import { Button, Switch, TableCell, TableRow, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useUpdateItemPrice } from '@/price/usePriceUpdates';
import type { Item } from '@/types';

export const ItemPriceRow = ({ item, product }: { item: Item; product: string }) => {
  const translate = useTranslate();
  const [price, setPrice] = useState(String(item.discountedprice));
  const [resellPrice, setResellPrice] = useState(String(item.resellprice));
  const [inStock, setInStock] = useState(item.inStock);
  const update = useUpdateItemPrice();
  const heading = (name: string) => translate(`app.price.${name}`);
  const label = (name: string) => `${heading(name)} ${item.name}`;

  return (
    <TableRow data-item={item.itemid}>
      <TableCell>{item.itemid}</TableCell>
      <TableCell>{item.name}</TableCell>
      <TableCell data-label={heading('product')}>{product || '-'}</TableCell>
      <TableCell data-label={heading('price')}>
        <TextField
          size="small"
          type="number"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          slotProps={{ htmlInput: { min: 0, step: '0.01', 'aria-label': label('price') } }}
          sx={{ width: 120 }}
        />
      </TableCell>
      <TableCell data-label={heading('resell_price')}>
        <TextField
          size="small"
          type="number"
          value={resellPrice}
          onChange={(event) => setResellPrice(event.target.value)}
          slotProps={{ htmlInput: { min: 0, step: '0.01', 'aria-label': label('resell_price') } }}
          sx={{ width: 120 }}
        />
      </TableCell>
      <TableCell data-label={heading('in_stock')}>
        <Switch
          checked={inStock}
          onChange={(event) => setInStock(event.target.checked)}
          slotProps={{ input: { 'aria-label': label('in_stock') } }}
        />
      </TableCell>
      <TableCell>
        <Button
          variant="contained"
          size="small"
          disabled={update.isPending}
          aria-label={label('save')}
          onClick={() =>
            update.mutate({
              _id: item._id,
              price: Number(price),
              resellPrice: Number(resellPrice),
              itemInstock: inStock,
            })
          }
        >
          {translate('ra.action.save')}
        </Button>
      </TableCell>
    </TableRow>
  );
};
