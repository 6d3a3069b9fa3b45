import { Alert, Card, CardContent, CardHeader, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { formatDateTime } from '@zstore/contract/display-dates';
import { useAdminDataProvider } from '@/dataProvider';
import type { OpenAlert } from '@/types';

/** The alerts still open (a low supplier balance, orders waiting, failures, a backlog). */
export const OpenAlerts = () => {
  const translate = useTranslate();
  const dataProvider = useAdminDataProvider();
  const alerts = useQuery({
    queryKey: ['admin', 'alerts'],
    queryFn: () => dataProvider.openAlerts(),
    refetchInterval: 60_000,
  });
  const open: OpenAlert[] = Array.isArray(alerts.data?.data) ? alerts.data.data : [];
  if (open.length === 0) return null;
  return (
    <Card>
      <CardHeader title={translate('app.dashboard.alerts_title')} />
      <CardContent>
        <Stack spacing={1}>
          {open.map((alert) => (
            <Alert key={alert.key} severity="warning" data-alert={alert.kind}>
              {alert.message} ({formatDateTime(alert.openedAt)})
            </Alert>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
};
