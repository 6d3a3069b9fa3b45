import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { galleryQuery } from '@/api/gallery';
import { homeProductsQuery } from '@/api/product';
import { audienceOf } from '@/api/queryKeys';
import { useSession } from '@/auth/SessionContext';
import type { GalleryImages, HomeProducts } from '@/api/types';
import { StatusMessage } from '@/components/StatusMessage';
import { BannerCarousel } from './BannerCarousel';
import { GameSearch, matchesQuery } from './GameSearch';
import { PopupAd } from './PopupAd';
import { ProductSection, ProductSectionSkeleton } from './ProductSection';
import { useGoogleLoginCompletion } from './useGoogleLoginCompletion';
import { WhyChooseUs } from './WhyChooseUs';
import './home.css';
import { useTranslation } from 'react-i18next';

function sectionsOf(products: HomeProducts) {
  return [
    { title: 'home.trending' as const, items: products.trending ?? [] },
    { title: 'home.instant' as const, items: products.instantGames ?? [] },
    { title: 'home.moreGames' as const, items: products.games ?? [] },
    { title: 'home.others' as const, items: [...(products.ott ?? []), ...(products.others ?? [])] },
  ];
}

function Banners({ gallery }: { gallery: UseQueryResult<GalleryImages> }) {
  if (!gallery.data) {
    return gallery.isError ? null : <div className="skeleton carousel-skeleton" />;
  }
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

/** One tile per game whose name or region matches, in the order the sections list them. */
function SearchResults({ products, query }: { products: HomeProducts; query: string }) {
  const seen = new Set<string>();
  const matches = sectionsOf(products)
    .flatMap((section) => section.items)
    .filter((product) => {
      if (seen.has(product._id) || !matchesQuery(product.name, query)) return false;
      seen.add(product._id);
      return true;
    });
  const shown = query.trim();
  const { t } = useTranslation();
  return (
    <div aria-live="polite">
      {matches.length ? (
        <ProductSection title={t('home.resultsFor', { query: shown })} products={matches} />
      ) : (
        <StatusMessage icon="search" title={t('home.noMatch', { query: shown })}>
          <p className="muted">{t('home.noMatchHint')}</p>
        </StatusMessage>
      )}
    </div>
  );
}

function Catalogue({ products, query }: { products: UseQueryResult<HomeProducts>; query: string }) {
  const { t } = useTranslation();
  if (products.isPending) {
    return (
      <>
        <ProductSectionSkeleton />
        <ProductSectionSkeleton />
      </>
    );
  }
  // A failed refresh keeps the games already shown.
  if (!products.data) {
    return (
      <StatusMessage icon="alert" tone="warning" title={t('home.loadFailed')}>
        <p className="muted">{t('home.checkConnection')}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void products.refetch()}>
          {t('home.tryAgain')}
        </button>
      </StatusMessage>
    );
  }
  if (query.trim()) return <SearchResults products={products.data} query={query} />;
  const sections = sectionsOf(products.data);
  if (sections.every((section) => !section.items.length)) {
    return (
      <StatusMessage icon="grid" title={t('home.noGames')}>
        <p className="muted">{t('home.noGamesHint')}</p>
      </StatusMessage>
    );
  }
  return sections.map((section) => (
    <ProductSection key={section.title} title={t(section.title)} products={section.items} />
  ));
}

export default function HomePage() {
  useGoogleLoginCompletion();
  // Deferred: the answers render in an interruptible pass that leaves the main thread to input.
  const gallery = useDeferredValue(useQuery(galleryQuery()));
  const { user } = useSession();
  const products = useDeferredValue(useQuery(homeProductsQuery(audienceOf(user?.role))));
  const [query, setQuery] = useState('');
  const { t } = useTranslation();

  return (
    <div className="container page home">
      <h1 className="sr-only">{t('home.heading')}</h1>
      <Banners gallery={gallery} />
      <GameSearch query={query} onChange={setQuery} />
      <Catalogue products={products} query={query} />
      {/* Below the catalogue only once it is there, so the sections never push it down. */}
      {!products.isPending && <WhyChooseUs />}
    </div>
  );
}
