import CancelIcon from '@mui/icons-material/AssignmentReturn';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CurrencyRupeeIcon from '@mui/icons-material/CurrencyRupee';
import HourglassIcon from '@mui/icons-material/HourglassTop';
import ReceiptIcon from '@mui/icons-material/Receipt';
import { Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';
import { ErrorText, LoadingText } from '@/common/ListStates';
import { formatRupees } from '@/common/money';
import { OpenAlerts } from '@/dashboard/OpenAlerts';
import { SalesChart } from '@/dashboard/SalesChart';
import { StatCard } from '@/dashboard/StatCard';
import { SupplierPoints } from '@/dashboard/SupplierPoints';
import { useAdminDataProvider } from '@/dataProvider';

const count = (value: number | undefined) => new Intl.NumberFormat('en-IN').format(value ?? 0);

const Dashboard = () => {
  const translate = useTranslate();
  const dataProvider = useAdminDataProvider();
  const stats = useQuery({
    queryKey: ['admin', 'stats'],
    queryFn: async () => (await dataProvider.stats()).data,
  });

  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 2 }}>
      <Title title={translate('app.menu.overview')} />
      <OpenAlerts />
      {stats.isPending && <LoadingText />}
      {stats.error && <ErrorText message={stats.error.message} />}
      {stats.data?.sales && (
        <>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <StatCard
              label={translate('app.dashboard.total_order')}
              value={count(stats.data.total_order)}
              icon={ReceiptIcon}
              color="primary"
            />
            <StatCard
              label={translate('app.dashboard.completed')}
              value={count(stats.data.completed)}
              icon={CheckCircleIcon}
              color="success"
            />
            <StatCard
              label={translate('app.dashboard.refunded')}
              value={count(stats.data.refunded)}
              icon={CancelIcon}
              color="error"
            />
            <StatCard
              label={translate('app.dashboard.processing')}
              value={count(stats.data.processing)}
              icon={HourglassIcon}
              color="warning"
            />
            <StatCard
              label={translate('app.dashboard.total_sale')}
              value={formatRupees(stats.data.total_sale)}
              icon={CurrencyRupeeIcon}
              color="info"
            />
          </Stack>
          <SalesChart sales={stats.data.sales ?? []} />
        </>
      )}
      <SupplierPoints />
    </Stack>
  );
};

export default Dashboard;
