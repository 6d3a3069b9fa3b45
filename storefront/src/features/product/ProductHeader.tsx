import { useState } from 'react';
import type { Product } from '@/api/types';
import { Icon } from '@/components/Icon';
import { Modal } from '@/components/Modal';
import { assetUrl, FALLBACK_TILE_IMAGE } from '@/lib/assets';
import { useDocumentHead } from '@/lib/useDocumentHead';
import { deliveryNote, guaranteeNote } from './productRules';

export function ProductHeader({ product }: { product: Product }) {
  const [guideOpen, setGuideOpen] = useState(false);
  useDocumentHead(
    `${product.name} Top-Up`,
    `Top up ${product.name} instantly at Z Store: pick a pack, enter your player details and pay by UPI or Z-Coins.`,
  );
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
          <Icon name="info" size={16} /> How To Purchase?
        </button>
      </div>
      {product.importantnote && (
        <div className="important-note">
          <Icon name="alert" size={18} />
          <p>{product.importantnote}</p>
        </div>
      )}
      <Modal open={guideOpen} title="How To Purchase?" onClose={() => setGuideOpen(false)}>
        {product.guideImage && (
          <img className="guide-image" src={assetUrl(product.guideImage)} alt="Purchase guide" />
        )}
        <ol className="guide-steps">
          <li>
            Enter your {product.inputs[0]?.label || 'User ID'} and{' '}
            {product.inputs[1]?.label || 'server'}.
          </li>
          <li>Pick the pack you want.</li>
          <li>Check the order summary and tap Proceed to Payment.</li>
          <li>Apply a coupon if you have one, pay by UPI or Z-Coins, and you are done.</li>
        </ol>
      </Modal>
    </section>
  );
}
