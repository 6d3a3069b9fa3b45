import { ORDER_STATUSES } from '@zstore/contract/statuses';
import { Icon } from '@/components/Icon';
import { useTranslation } from 'react-i18next';

export const STATUS_FILTERS = ['All', ...ORDER_STATUSES] as const;

export type StatusFilter = (typeof STATUS_FILTERS)[number];

interface OrderFiltersProps {
  status: StatusFilter;
  query: string;
  onStatusChange: (status: StatusFilter) => void;
  onQueryChange: (query: string) => void;
}

export function OrderFilters({ status, query, onStatusChange, onQueryChange }: OrderFiltersProps) {
  const { t } = useTranslation();
  return (
    <div className="order-filters">
      <label className="search-box">
        <Icon name="search" size={18} />
        <input
          className="input"
          type="search"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          placeholder={t('orders.searchPlaceholder')}
          aria-label={t('orders.searchLabel')}
        />
      </label>
      <select
        className="input"
        value={status}
        onChange={(event) => onStatusChange(event.target.value as StatusFilter)}
        aria-label={t('orders.filterLabel')}
      >
        {STATUS_FILTERS.map((value) => (
          <option key={value} value={value}>
            {value === 'All' ? t('orders.allStatuses') : t(`status.${value}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
