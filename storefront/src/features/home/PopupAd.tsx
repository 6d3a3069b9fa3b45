import { useState } from 'react';
import type { GalleryImage } from '@/api/types';
import { Icon } from '@/components/Icon';
import { assetUrl } from '@/lib/assets';

const POPUP_CLOSED_KEY = 'popupClosedAt';
const SUPPRESS_FOR_MS = 5 * 60 * 1000;

function recentlyClosed(): boolean {
  const closedAt = Number(localStorage.getItem(POPUP_CLOSED_KEY));
  return Number.isFinite(closedAt) && Date.now() - closedAt < SUPPRESS_FOR_MS;
}

export function PopupAd({ popup }: { popup: GalleryImage }) {
  const [open, setOpen] = useState(() => !recentlyClosed());
  if (!open) return null;

  const close = () => {
    localStorage.setItem(POPUP_CLOSED_KEY, String(Date.now()));
    setOpen(false);
  };

  return (
    <div className="popup-ad" role="dialog" aria-modal="true" aria-label={popup.title || 'Offer'}>
      <div className="popup-backdrop" onClick={close} />
      <div className="popup-card">
        <button type="button" className="popup-close" aria-label="Close" onClick={close}>
          <Icon name="close" />
        </button>
        <img src={assetUrl(popup.url)} alt={popup.title || 'Offer'} />
        {popup.title &&
          (popup.redirectUrl ? (
            <a
              className="btn btn-primary btn-block"
              href={popup.redirectUrl}
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
