import { useEffect, useRef, useState, type TouchEvent } from 'react';
import type { GalleryImage } from '@/api/types';
import { Icon } from '@/components/Icon';
import { assetUrl } from '@/lib/assets';
import { useMediaQuery } from '@/lib/useMediaQuery';
import { SlideLink } from './SlideLink';
import { useTranslation } from 'react-i18next';

const AUTO_ADVANCE_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

/**
 * Where the server-drawn carousel of this screen size was left (storefront/src/shell), for this
 * one to go on from when the app takes over the page.
 */
function staticCarouselState(isMobile: boolean) {
  const section = document.querySelector<HTMLElement>(
    `[data-static-shell] .static-carousel-${isMobile ? 'mobile' : 'desktop'}`,
  );
  const paused = section?.dataset.paused;
  return {
    index: Number(section?.dataset.current ?? 0) || 0,
    pausedByUser: paused === undefined ? null : paused === 'true',
  };
}

interface BannerCarouselProps {
  mobileSlides: GalleryImage[];
  desktopSlides: GalleryImage[];
}

export function BannerCarousel({ mobileSlides, desktopSlides }: BannerCarouselProps) {
  const isMobile = useMediaQuery('(max-width: 767px)');
  const prefersReducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const slides = isMobile ? mobileSlides : desktopSlides;
  const [handed] = useState(() => staticCarouselState(isMobile));
  const [index, setIndex] = useState(handed.index);
  const { t } = useTranslation();
  // Moving content must be stoppable (WCAG 2.2.2); it starts still for those who ask for less motion.
  const [pausedByUser, setPausedByUser] = useState<boolean | null>(handed.pausedByUser);
  const paused = pausedByUser ?? prefersReducedMotion;
  const touchStartX = useRef<number | null>(null);
  const count = slides.length;
  const current = count ? index % count : 0;

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = window.setTimeout(
      () => setIndex((value) => (value + 1) % count),
      AUTO_ADVANCE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [current, count, paused]);

  if (!count) return null;

  const go = (next: number) => setIndex((next + count) % count);

  const onTouchStart = (event: TouchEvent) => {
    touchStartX.current = event.touches[0].clientX;
  };

  const onTouchEnd = (event: TouchEvent) => {
    if (touchStartX.current === null) return;
    const distance = event.changedTouches[0].clientX - touchStartX.current;
    touchStartX.current = null;
    if (Math.abs(distance) < SWIPE_THRESHOLD_PX) return;
    go(distance < 0 ? current + 1 : current - 1);
  };

  return (
    <section
      className={`carousel ${isMobile ? 'carousel-mobile' : 'carousel-desktop'}`}
      aria-roledescription="carousel"
      aria-label={t('home.offers')}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <div className="carousel-track" style={{ transform: `translateX(-${current * 100}%)` }}>
        {slides.map((slide, slideIndex) => (
          <div
            key={`${slide.url}-${slideIndex}`}
            className="carousel-slide"
            aria-hidden={slideIndex !== current}
            inert={slideIndex !== current}
          >
            <SlideLink href={slide.redirectUrl}>
              <img
                src={assetUrl(slide.url)}
                alt={slide.title || t('home.offerN', { n: slideIndex + 1 })}
                loading={slideIndex === 0 ? 'eager' : 'lazy'}
                fetchPriority={slideIndex === 0 ? 'high' : 'auto'}
                draggable={false}
              />
            </SlideLink>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="carousel-controls">
          <div className="carousel-dots">
            {slides.map((slide, dotIndex) => (
              <button
                key={`${slide.url}-dot-${dotIndex}`}
                type="button"
                className={`carousel-dot${dotIndex === current ? ' is-active' : ''}`}
                aria-label={t('home.goToSlide', { n: dotIndex + 1 })}
                aria-current={dotIndex === current}
                onClick={() => go(dotIndex)}
              />
            ))}
          </div>
          <button
            type="button"
            className="carousel-toggle"
            aria-label={paused ? t('home.playSlides') : t('home.pauseSlides')}
            onClick={() => setPausedByUser(!paused)}
          >
            <Icon name={paused ? 'play' : 'pause'} size={16} />
          </button>
        </div>
      )}
    </section>
  );
}
