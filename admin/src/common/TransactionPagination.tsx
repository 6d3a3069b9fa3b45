import {
  Button,
  MenuItem,
  Pagination as MuiPagination,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { TXN_PER_PAGE_OPTIONS } from '@/common/choices';

/**
 * Spec 002 "Transaction list filters and layout": 'Showing X to Y of N transactions', Previous
 * and Next buttons, neighbouring page numbers and the page size.
 */
export const TransactionPagination = () => {
  const { page, perPage, total, setPage, setPerPage, isPending } = useListContext();
  const translate = useTranslate();
  if (isPending || total === undefined || total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const from = (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, total);

  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ p: 2, alignItems: 'center', justifyContent: 'space-between' }}
    >
      <Typography variant="body2" color="text.secondary">
        {translate('app.pagination.showing', { from, to, total })}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {translate('app.pagination.previous')}
        </Button>
        <MuiPagination
          count={pages}
          page={page}
          siblingCount={1}
          hidePrevButton
          hideNextButton
          onChange={(_event, value) => setPage(value)}
          size="small"
        />
        <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          {translate('app.pagination.next')}
        </Button>
      </Stack>
      <TextField
        select
        size="small"
        label={translate('app.pagination.page_size')}
        value={perPage}
        onChange={(event) => setPerPage(Number(event.target.value))}
        sx={{ width: 140, flexShrink: 0 }}
      >
        {TXN_PER_PAGE_OPTIONS.map((size) => (
          <MenuItem key={size} value={size}>
            {size}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
};
