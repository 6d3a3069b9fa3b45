import { fetchGalleryImages } from '@/api/gallery';
import { fetchHomeProducts } from '@/api/product';
import type { GalleryImages, HomeProducts } from '@/api/types';
import { StatusMessage } from '@/components/StatusMessage';
import { useAsync, type AsyncResult } from '@/lib/useAsync';
import { BannerCarousel } from './BannerCarousel';
import { PopupAd } from './PopupAd';
import { ProductSection, ProductSectionSkeleton } from './ProductSection';
import { useGoogleLoginCompletion } from './useGoogleLoginCompletion';
import { WhyChooseUs } from './WhyChooseUs';
import './home.css';

function sectionsOf(products: HomeProducts) {
  return [
    { title: 'TRENDING DISCOUNTS', items: products.trending ?? [] },
    { title: 'INSTANT RECHARGE', items: products.instantGames ?? [] },
    { title: 'MORE GAMES', items: products.games ?? [] },
    { title: 'OTHERS', items: [...(products.ott ?? []), ...(products.others ?? [])] },
  ];
}

function Banners({ gallery }: { gallery: AsyncResult<GalleryImages> }) {
  if (gallery.status === 'loading') return <div className="skeleton carousel-skeleton" />;
  if (gallery.status === 'error') return null;
  const { CarouselMb = [], CarouselPc = [], Popup = [] } = gallery.data;
  return (
    <>
      {Popup[0] && <PopupAd popup={Popup[0]} />}
      <BannerCarousel
        mobileSlides={CarouselMb.length ? CarouselMb : CarouselPc}
        desktopSlides={CarouselPc.length ? CarouselPc : CarouselMb}
      />
    </>
  );
}

function Catalogue({ products }: { products: AsyncResult<HomeProducts> }) {
  if (products.status === 'loading') {
    return (
      <>
        <ProductSectionSkeleton />
        <ProductSectionSkeleton />
      </>
    );
  }
  if (products.status === 'error') {
    return (
      <StatusMessage icon="alert" tone="warning" title="We couldn't load the games right now">
        <p className="muted">Please check your connection and try again.</p>
        <button type="button" className="btn btn-secondary" onClick={products.reload}>
          Try again
        </button>
      </StatusMessage>
    );
  }
  const sections = sectionsOf(products.data);
  if (sections.every((section) => !section.items.length)) {
    return (
      <StatusMessage icon="grid" title="No games available yet">
        <p className="muted">New games are being added. Please check back soon.</p>
      </StatusMessage>
    );
  }
  return sections.map((section) => (
    <ProductSection key={section.title} title={section.title} products={section.items} />
  ));
}

export default function HomePage() {
  useGoogleLoginCompletion();
  const gallery = useAsync(fetchGalleryImages);
  const products = useAsync(fetchHomeProducts);

  return (
    <div className="container page home">
      <h1 className="sr-only">Z Store: instant game top-ups in India</h1>
      <Banners gallery={gallery} />
      <Catalogue products={products} />
      {/* Below the catalogue only once it is there, so the sections never push it down. */}
      {products.status !== 'loading' && <WhyChooseUs />}
    </div>
  );
}
