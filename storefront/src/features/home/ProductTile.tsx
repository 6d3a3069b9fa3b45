import { Link } from 'react-router';
import type { Product } from '@/api/types';
import { assetUrl, FALLBACK_TILE_IMAGE } from '@/lib/assets';

export function ProductTile({ product }: { product: Product }) {
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
      <span className="product-tile-name">{product.name}</span>
    </Link>
  );
}
