import { useQuery } from '@tanstack/react-query';
import type { OrderStats } from '@/api/types';
import { orderStatsQuery } from '@/api/user';
import { useTranslation } from 'react-i18next';

export function OrdersOverview({ userid }: { userid: number }) {
  const { data: stats, isPending } = useQuery(orderStatsQuery(userid));
  const failed = !isPending && !stats;
  const { t } = useTranslation();

  const value = (pick: (stats: OrderStats) => number) => {
    if (isPending) return <span className="skeleton stat-skeleton" />;
    if (!stats) return '–';
    return pick(stats) ?? 0;
  };

  return (
    <section className="card">
      <h2 className="section-heading">{t('dashboard.overview')}</h2>
      <div className="stats-grid">
        <div className="stat">
          <span className="stat-value">{value((s) => s.total_order)}</span>
          <span className="stat-label">{t('dashboard.totalOrders')}</span>
        </div>
        <div className="stat stat-success">
          <span className="stat-value">{value((s) => s.completed)}</span>
          <span className="stat-label">{t('dashboard.completed')}</span>
        </div>
        <div className="stat stat-danger">
          <span className="stat-value">{value((s) => s.refunded)}</span>
          <span className="stat-label">{t('dashboard.refunded')}</span>
        </div>
      </div>
      {failed && <p className="muted stats-error">{t('dashboard.statsUnavailable')}</p>}
    </section>
  );
}
