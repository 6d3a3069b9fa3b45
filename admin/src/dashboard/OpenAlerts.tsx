import { Alert, Card, CardContent, CardHeader, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { adminCall } from '@/adminApi';

interface OpenAlert {
  key: string;
  kind: string;
  message: string;
  openedAt: string;
}

/** The alerts still open (a low supplier balance, orders waiting, failures, a backlog). */
export const OpenAlerts = () => {
  const translate = useTranslate();
  const alerts = useQuery({
    queryKey: ['admin', 'alerts'],
    queryFn: () => adminCall<{ alerts: OpenAlert[] }>('/alerts'),
    refetchInterval: 60_000,
  });
  const open = alerts.data?.alerts ?? [];
  if (open.length === 0) return null;
  return (
    <Card>
      <CardHeader title={translate('app.dashboard.alerts_title')} />
      <CardContent>
        <Stack spacing={1}>
          {open.map((alert) => (
            <Alert key={alert.key} severity="warning" data-alert={alert.kind}>
              {alert.message} ({new Date(alert.openedAt).toLocaleString('en-IN')})
            </Alert>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
};
