import { useCallback, useEffect, useState } from 'react';
import { galleryLink } from '@zstore/contract/gallery-link';
import type { GalleryImage } from '@/api/types';
import { Icon } from '@/components/Icon';
import { assetUrl } from '@/lib/assets';
import { useFocusTrap } from '@/lib/useFocusTrap';
import { useTranslation } from 'react-i18next';

const POPUP_CLOSED_KEY = 'popupClosedAt';
const SUPPRESS_FOR_MS = 5 * 60 * 1000;

function recentlyClosed(): boolean {
  const closedAt = Number(localStorage.getItem(POPUP_CLOSED_KEY));
  return Number.isFinite(closedAt) && Date.now() - closedAt < SUPPRESS_FOR_MS;
}

export function PopupAd({ popup }: { popup: GalleryImage }) {
  const [open, setOpen] = useState(() => !recentlyClosed());
  const dialogRef = useFocusTrap<HTMLDivElement>(open);
  const { t } = useTranslation();

  const close = useCallback(() => {
    localStorage.setItem(POPUP_CLOSED_KEY, String(Date.now()));
    setOpen(false);
  }, []);

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open, close]);

  if (!open) return null;
  // Checked again here: stored data never turns the button into an off-site link.
  const link = galleryLink(popup.redirectUrl);

  return (
    <div
      ref={dialogRef}
      className="popup-ad"
      role="dialog"
      aria-modal="true"
      aria-label={popup.title || t('home.offer')}
      tabIndex={-1}
    >
      <div className="popup-backdrop" aria-hidden="true" onClick={close} />
      <div className="popup-card">
        <button
          type="button"
          className="popup-close"
          aria-label={t('common.close')}
          onClick={close}
        >
          <Icon name="close" />
        </button>
        <img src={assetUrl(popup.url)} alt={popup.title || t('home.offer')} />
        {popup.title &&
          (link ? (
            <a
              className="btn btn-primary btn-block"
              href={link.href}
              target="_blank"
              rel="noreferrer"
            >
              {popup.title}
            </a>
          ) : (
            <button type="button" className="btn btn-primary btn-block" onClick={close}>
              {popup.title}
            </button>
          ))}
      </div>
    </div>
  );
}
