import { Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

interface PricePagerProps {
  page: number;
  perPage: number;
  total: number | undefined;
  onPage: (page: number) => void;
}

/** 'Showing X to Y of N' with Previous and Next, under a card of the price screen. */
export const PricePager = ({ page, perPage, total, onPage }: PricePagerProps) => {
  const translate = useTranslate();
  if (!total) return null;
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <Stack direction="row" spacing={1} sx={{ p: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
        {translate('app.price.showing', {
          from: (page - 1) * perPage + 1,
          to: Math.min(page * perPage, total),
          total,
        })}
      </Typography>
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {translate('app.pagination.previous')}
      </Button>
      <Button size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {translate('app.pagination.next')}
      </Button>
    </Stack>
  );
};
