import { Autocomplete, TextField, type SxProps, type Theme } from '@mui/material';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { useSettled } from '@/price/useSettled';
import type { Product } from '@/types';

/** Choices shown at once; typing a few letters of a name reaches the rest. */
const CHOICES = { page: 1, perPage: 20 };

export interface ProductChoice {
  id: string;
  name: string;
}

interface ProductPickerProps {
  value: ProductChoice | null;
  onChange: (product: ProductChoice | null) => void;
  sx?: SxProps<Theme>;
}

/**
 * The price screen's product filter: the first products by name, or those whose name holds what
 * the admin types, asked of the server only while the list is open.
 */
export const ProductPicker = ({ value, onChange, sx }: ProductPickerProps) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const q = useSettled(typed);
  const choices = useGetList<Product>(
    'viewproducts',
    { pagination: CHOICES, sort: { field: 'name', order: 'ASC' }, filter: q ? { q } : {} },
    { enabled: open },
  );
  const options: ProductChoice[] = (choices.data ?? []).map(({ id, name }) => ({ id, name }));
  return (
    <Autocomplete
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_event, product) => onChange(product)}
      onInputChange={(_event, text, reason) => setTyped(reason === 'input' ? text : '')}
      options={options}
      // The server has already filtered by name.
      filterOptions={(shown) => shown}
      getOptionLabel={(product) => product.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={choices.isPending && open}
      loadingText={translate('ra.page.loading')}
      noOptionsText={translate('ra.navigation.no_results')}
      size="small"
      sx={sx}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('app.price.product')}
          placeholder={translate('app.price.all_products')}
        />
      )}
    />
  );
};
