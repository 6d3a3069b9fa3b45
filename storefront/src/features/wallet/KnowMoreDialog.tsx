import { useState } from 'react';
import { Modal } from '@/components/Modal';
import { useTranslation } from 'react-i18next';

export interface Faq {
  question: string;
  answer: string;
}

export const COIN_FAQS = 'wallet.coinFaqs' as const;

export const POINT_FAQS = 'wallet.pointFaqs' as const;

export function KnowMoreButton({
  title,
  faqs,
}: {
  title: string;
  faqs: typeof COIN_FAQS | typeof POINT_FAQS;
}) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="know-more" onClick={() => setOpen(true)}>
        {t('wallet.knowMore')}
      </button>
      <Modal open={open} title={title} onClose={() => setOpen(false)}>
        <dl className="faq-dl">
          {t(faqs, { returnObjects: true }).map((faq: Faq) => (
            <div key={faq.question}>
              <dt>{faq.question}</dt>
              <dd>{faq.answer}</dd>
            </div>
          ))}
        </dl>
      </Modal>
    </>
  );
}
