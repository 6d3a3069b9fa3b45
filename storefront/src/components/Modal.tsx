import { useEffect, useId, type ReactNode } from 'react';
import { useFocusTrap } from '@/lib/useFocusTrap';
import { Icon } from './Icon';
import './overlay.css';
import { useTranslation } from 'react-i18next';

interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** A sheet slides up from the bottom on phones; a dialog stays centred. */
  variant?: 'dialog' | 'sheet';
}

export function Modal({ open, title, onClose, children, footer, variant = 'dialog' }: ModalProps) {
  const titleId = useId();
  const { t } = useTranslation();
  const panelRef = useFocusTrap<HTMLElement>(open);

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', closeOnEscape);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      document.body.style.overflow = previousOverflow;
    };
  }, [open, onClose]);

  if (!open) return null;

  return (
    <div className={`overlay overlay-${variant}`}>
      <div className="overlay-backdrop" aria-hidden="true" onClick={onClose} />
      <section
        ref={panelRef}
        className="overlay-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="overlay-head">
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('common.close')}
            onClick={onClose}
          >
            <Icon name="close" />
          </button>
        </header>
        <div className="overlay-body">{children}</div>
        {footer && <footer className="overlay-foot">{footer}</footer>}
      </section>
    </div>
  );
}
