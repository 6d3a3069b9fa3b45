import { Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { adminCall } from '@/adminApi';

interface PointsAnswer {
  status: number | string;
  smile_points: number | string;
}

const REGIONS = [
  { region: 'BR', path: '/querypoints' },
  { region: 'PH', path: '/querypoints/ph' },
] as const;

const RegionPoints = ({ region, path }: (typeof REGIONS)[number]) => {
  const translate = useTranslate();
  const notify = useNotify();
  const query = useMutation({
    mutationFn: () => adminCall<PointsAnswer>(path, { method: 'POST', body: {} }),
    onSuccess: () => notify('app.dashboard.points_fetched', { type: 'success' }),
    onError: () => notify('app.dashboard.points_failed', { type: 'error' }),
  });
  return (
    <Stack spacing={1} sx={{ flex: 1, minWidth: 160 }}>
      <Typography variant="subtitle2">{translate(`app.dashboard.region_${region}`)}</Typography>
      <Typography variant="h5" component="p" data-points={region}>
        {query.data ? String(query.data.smile_points) : '—'}
      </Typography>
      <Button variant="outlined" disabled={query.isPending} onClick={() => query.mutate()}>
        {translate('app.dashboard.fetch_points', { region })}
      </Button>
    </Stack>
  );
};

/** The supplier's points balance for the two Smile One regions. */
export const SupplierPoints = () => {
  const translate = useTranslate();
  return (
    <Card>
      <CardHeader title={translate('app.dashboard.points_title')} />
      <CardContent>
        <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }} useFlexGap>
          {REGIONS.map((entry) => (
            <RegionPoints key={entry.region} {...entry} />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
};
