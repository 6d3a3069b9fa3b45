import type { Product } from '@/api/types';
import { ProductTile } from './ProductTile';

interface ProductSectionProps {
  title: string;
  products: Product[];
}

export function ProductSection({ title, products }: ProductSectionProps) {
  if (!products.length) return null;
  return (
    <section className="product-section">
      <h2 className="section-title">{title}</h2>
      <div className="product-grid">
        {products.map((product) => (
          <ProductTile key={product._id} product={product} />
        ))}
      </div>
    </section>
  );
}

/** One row of tiles, the size of a loaded section's first row. */
export function ProductSectionSkeleton() {
  return (
    <section className="product-section" aria-hidden="true">
      <div className="skeleton section-title-skeleton" />
      <div className="product-grid product-grid-skeleton">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="product-tile">
            <span className="skeleton product-tile-image" />
            <span className="product-tile-name">
              <span className="skeleton tile-name-skeleton" />
            </span>
          </div>
        ))}
      </div>
    </section>
  );
}
