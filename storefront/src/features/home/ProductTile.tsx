import { Link } from 'react-router';
import type { HomeProduct } from '@/api/types';
import { assetUrl, FALLBACK_TILE_IMAGE } from '@/lib/assets';
import { useTranslation } from 'react-i18next';
import { rupeesShort } from '@/lib/format';

/** 'Mobile Legends (Brazil server)' reads as the game and, on its own line, the region. */
function splitRegion(name: string): [string, string | undefined] {
  const match = /^(.+?)\s*\(([^()]+)\)$/.exec(name);
  return match ? [match[1], match[2]] : [name, undefined];
}

export function ProductTile({ product }: { product: HomeProduct }) {
  const [name, region] = splitRegion(product.name);
  const { t } = useTranslation();
  return (
    <Link to={`/product/${product._id}`} className="product-tile">
      <span className="product-tile-image">
        <img
          src={assetUrl(product.imgpath)}
          alt=""
          loading="lazy"
          onError={(event) => {
            const image = event.currentTarget;
            if (!image.src.endsWith(FALLBACK_TILE_IMAGE)) image.src = FALLBACK_TILE_IMAGE;
          }}
        />
      </span>
      <span className="product-tile-name">{name}</span>
      {region && <span className="product-tile-region">{region}</span>}
      {product.fromPrice !== undefined && (
        <span className="product-tile-price">
          {t('home.from', { price: rupeesShort(product.fromPrice) })}
        </span>
      )}
      {!!product.bestDiscount && (
        <span className="product-tile-discount">
          {t('home.upTo', { percent: product.bestDiscount })}
        </span>
      )}
    </Link>
  );
}
