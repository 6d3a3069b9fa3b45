import { useState } from 'react';
import type { Product } from '@/api/types';
import { Icon } from '@/components/Icon';
import { Modal } from '@/components/Modal';
import { assetUrl, FALLBACK_TILE_IMAGE } from '@/lib/assets';
import { useDocumentHead, useHreflang } from '@/lib/useDocumentHead';
import { deliveryNote, guaranteeNote } from './productRules';
import { useTranslation } from 'react-i18next';

export function ProductHeader({ product }: { product: Product }) {
  const [guideOpen, setGuideOpen] = useState(false);
  const { t } = useTranslation();
  useDocumentHead(
    t('product.headTitle', { name: product.name }),
    t('product.headDescription', { name: product.name }),
  );
  useHreflang(`/product/${encodeURIComponent(product._id)}`);
  return (
    <section className="product-header card">
      <img
        className="product-image"
        src={assetUrl(product.imgpath)}
        alt=""
        width={96}
        height={96}
        onError={(event) => {
          if (!event.currentTarget.src.endsWith(FALLBACK_TILE_IMAGE)) {
            event.currentTarget.src = FALLBACK_TILE_IMAGE;
          }
        }}
      />
      <div className="product-heading">
        <h1>{product.name}</h1>
        <p className="delivery-note">
          <Icon name="bolt" size={16} /> {deliveryNote(product)}
        </p>
        {guaranteeNote(product) && (
          <p className="guarantee-note" data-testid="delivery-guarantee">
            <Icon name="shieldCheck" size={16} /> {guaranteeNote(product)}
          </p>
        )}
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          data-shell-key="how-to-purchase"
          onClick={() => setGuideOpen(true)}
        >
          <Icon name="info" size={16} /> {t('product.howToPurchase')}
        </button>
      </div>
      {product.importantnote && (
        <div className="important-note">
          <Icon name="alert" size={18} />
          <p>{product.importantnote}</p>
        </div>
      )}
      <Modal
        open={guideOpen}
        title={t('product.howToPurchase')}
        onClose={() => setGuideOpen(false)}
      >
        {product.guideImage && (
          <img
            className="guide-image"
            src={assetUrl(product.guideImage)}
            alt={t('product.purchaseGuide')}
          />
        )}
        <ol className="guide-steps">
          <li>
            {t('product.guideStep1', {
              first: product.inputs[0]?.label || t('product.userIdWord'),
              second: product.inputs[1]?.label || t('product.serverWord'),
            })}
          </li>
          <li>{t('product.guideStep2')}</li>
          <li>{t('product.guideStep3')}</li>
          <li>{t('product.guideStep4')}</li>
        </ol>
      </Modal>
    </section>
  );
}
