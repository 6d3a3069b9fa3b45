import { useState } from 'react';
import type { ReferralSummary } from '@/api/referrals';
import { useTranslation } from 'react-i18next';

/** Share sheet, WhatsApp and copy for a customer's referral link. */
export function ShareReferral({ summary }: { summary: ReferralSummary }) {
  const [copied, setCopied] = useState(false);
  const { t } = useTranslation();
  const text = t('referrals.shareText', { code: summary.code, link: summary.link });
  const share = async () => {
    try {
      await navigator.share({ title: 'Z Store', text, url: summary.link });
    } catch {
      // The customer closed the share sheet.
    }
  };
  const copy = async () => {
    await navigator.clipboard.writeText(summary.link);
    setCopied(true);
    window.setTimeout(() => setCopied(false), 2000);
  };
  return (
    <div className="row referral-share">
      {'share' in navigator && (
        <button type="button" className="btn btn-primary btn-sm" onClick={() => void share()}>
          {t('referrals.share')}
        </button>
      )}
      <a
        className="btn btn-secondary btn-sm"
        href={`https://wa.me/?text=${encodeURIComponent(text)}`}
        target="_blank"
        rel="noreferrer"
      >
        {t('referrals.shareWhatsApp')}
      </a>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => void copy()}>
        {copied ? t('referrals.copied') : t('referrals.copyLink')}
      </button>
    </div>
  );
}
