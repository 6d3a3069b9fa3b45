import { Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { isSignedOut, useAdminDataProvider } from '@/dataProvider';
import type { PointsRegion } from '@/types';

const REGIONS: PointsRegion[] = ['BR', 'PH'];

const RegionPoints = ({ region }: { region: PointsRegion }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAdminDataProvider();
  const query = useMutation({
    mutationFn: async () => (await dataProvider.supplierPoints(region)).data,
    onSuccess: () => notify('app.dashboard.points_fetched', { type: 'success' }),
    onError: (error) => {
      if (!isSignedOut(error)) notify('app.dashboard.points_failed', { type: 'error' });
    },
  });
  return (
    <Stack spacing={1} sx={{ flex: 1, minWidth: 160 }}>
      <Typography variant="subtitle2">{translate(`app.dashboard.region_${region}`)}</Typography>
      <Typography variant="h5" component="p" data-points={region}>
        {query.data?.smile_points !== undefined ? String(query.data.smile_points) : '—'}
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
          {REGIONS.map((region) => (
            <RegionPoints key={region} region={region} />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
};
