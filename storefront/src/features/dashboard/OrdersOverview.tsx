import { useEffect, useState } from 'react';
import type { OrderStats } from '@/api/types';
import { fetchOrderStats } from '@/api/user';

type StatsState =
  { status: 'loading' } | { status: 'ready'; stats: OrderStats } | { status: 'error' };

export function OrdersOverview({ userid }: { userid: number }) {
  const [state, setState] = useState<StatsState>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    fetchOrderStats(userid)
      .then((stats) => active && setState({ status: 'ready', stats }))
      .catch(() => active && setState({ status: 'error' }));
    return () => {
      active = false;
    };
  }, [userid]);

  const value = (pick: (stats: OrderStats) => number) => {
    if (state.status === 'loading') return <span className="skeleton stat-skeleton" />;
    if (state.status === 'error') return '–';
    return pick(state.stats) ?? 0;
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
      {state.status === 'error' && (
        <p className="muted stats-error">Order statistics are unavailable right now.</p>
      )}
    </section>
  );
}
