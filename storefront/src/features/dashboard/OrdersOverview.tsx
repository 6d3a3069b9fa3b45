import { useQuery } from '@tanstack/react-query';
import type { OrderStats } from '@/api/types';
import { orderStatsQuery } from '@/api/user';

export function OrdersOverview({ userid }: { userid: number }) {
  const { data: stats, isPending } = useQuery(orderStatsQuery(userid));
  const failed = !isPending && !stats;

  const value = (pick: (stats: OrderStats) => number) => {
    if (isPending) return <span className="skeleton stat-skeleton" />;
    if (!stats) return '–';
    return pick(stats) ?? 0;
  };

  return (
    <section className="card">
      <h2 className="section-heading">Orders overview</h2>
      <div className="stats-grid">
        <div className="stat">
          <span className="stat-value">{value((s) => s.total_order)}</span>
          <span className="stat-label">Total Orders</span>
        </div>
        <div className="stat stat-success">
          <span className="stat-value">{value((s) => s.completed)}</span>
          <span className="stat-label">Completed</span>
        </div>
        <div className="stat stat-danger">
          <span className="stat-value">{value((s) => s.refunded)}</span>
          <span className="stat-label">Refunded</span>
        </div>
      </div>
      {failed && <p className="muted stats-error">Order statistics are unavailable right now.</p>}
    </section>
  );
}
