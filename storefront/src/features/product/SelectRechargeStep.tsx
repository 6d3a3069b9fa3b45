import type { Item, Role } from '@/api/types';
import { assetUrl } from '@/lib/assets';
import { formatRupees } from '@/lib/format';
import { discountPercent, priceFor } from './productRules';
import { StepCard } from './StepCard';
import { useTranslation } from 'react-i18next';

interface SelectRechargeStepProps {
  items: Item[] | null;
  loadFailed: boolean;
  onRetry: () => void;
  selectedId: string | null;
  onSelect: (item: Item) => void;
  role: Role | undefined;
  fallbackImage: string;
}

function ItemCard({
  item,
  selected,
  price,
  fallbackImage,
  onSelect,
}: {
  item: Item;
  selected: boolean;
  price: number;
  fallbackImage: string;
  onSelect: () => void;
}) {
  const percent = discountPercent(item, price);
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`item-card${selected ? ' is-selected' : ''}${item.inStock ? '' : ' is-out'}`}
      onClick={onSelect}
      disabled={!item.inStock}
      aria-pressed={selected}
      data-shell-key={`pack-${item._id}`}
    >
      {percent > 0 && item.inStock && <span className="item-badge">-{percent}%</span>}
      <img src={assetUrl(item.imgpath || fallbackImage)} alt="" loading="lazy" />
      <span className="item-name">{item.name}</span>
      {item.inStock ? (
        <span className="item-price">
          <strong>{formatRupees(price)}</strong>
          {item.originalprice > price && <s>{formatRupees(item.originalprice)}</s>}
        </span>
      ) : (
        <span className="item-out">{t('product.outOfStock')}</span>
      )}
    </button>
  );
}

export function SelectRechargeStep({
  items,
  loadFailed,
  onRetry,
  selectedId,
  onSelect,
  role,
  fallbackImage,
}: SelectRechargeStepProps) {
  const { t } = useTranslation();
  return (
    <StepCard step={2} title={t('product.selectRecharge')}>
      {items === null && !loadFailed && (
        <div className="item-grid" aria-hidden="true">
          {Array.from({ length: 6 }, (_, index) => (
            <div key={index} className="skeleton item-skeleton" />
          ))}
        </div>
      )}
      {loadFailed && (
        <div className="step-empty">
          <p className="muted">{t('product.packsFailed')}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
            {t('product.tryAgain')}
          </button>
        </div>
      )}
      {items?.length === 0 && <p className="step-empty muted">{t('product.noItems')}</p>}
      {items && items.length > 0 && (
        <div className="item-grid">
          {items.map((item) => (
            <ItemCard
              key={item._id}
              item={item}
              selected={item._id === selectedId}
              price={priceFor(item, role)}
              fallbackImage={fallbackImage}
              onSelect={() => onSelect(item)}
            />
          ))}
        </div>
      )}
    </StepCard>
  );
}
