import { Button, Switch, TableCell, TableRow, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useUpdateProductStock } from '@/price/usePriceUpdates';
import type { Product } from '@/types';

export const ProductStockRow = ({ product }: { product: Product }) => {
  const translate = useTranslate();
  const [instock, setInstock] = useState(product.instock);
  const [importantNote, setImportantNote] = useState(product.importantnote ?? '');
  const update = useUpdateProductStock();
  const heading = (name: string) => translate(`app.price.${name}`);
  const label = (name: string) => `${heading(name)} ${product.name}`;

  return (
    <TableRow data-product={product.productid}>
      <TableCell>{product.name}</TableCell>
      <TableCell data-label={heading('in_stock')}>
        <Switch
          checked={instock}
          onChange={(event) => setInstock(event.target.checked)}
          slotProps={{ input: { 'aria-label': label('in_stock') } }}
        />
      </TableCell>
      <TableCell data-label={heading('important_note')} sx={{ minWidth: 240 }}>
        <TextField
          size="small"
          fullWidth
          multiline
          maxRows={4}
          value={importantNote}
          onChange={(event) => setImportantNote(event.target.value)}
          slotProps={{ htmlInput: { 'aria-label': label('important_note') } }}
        />
      </TableCell>
      <TableCell>
        <Button
          variant="contained"
          size="small"
          disabled={update.isPending}
          aria-label={label('save')}
          onClick={() => update.mutate({ _id: product._id, instock, importantNote })}
        >
          {translate('ra.action.save')}
        </Button>
      </TableCell>
    </TableRow>
  );
};
