import deliveryIcon from '@/assets/badge-delivery.svg';
import paymentIcon from '@/assets/badge-payment.svg';
import safeIcon from '@/assets/badge-safe.svg';
import supportIcon from '@/assets/badge-support.svg';
import { useTranslation } from 'react-i18next';

const BADGES = [
  {
    icon: deliveryIcon,
    title: 'home.badgeDeliveryTitle',
    text: 'home.badgeDeliveryText',
  },
  {
    icon: safeIcon,
    title: 'home.badgeSafeTitle',
    text: 'home.badgeSafeText',
  },
  {
    icon: paymentIcon,
    title: 'home.badgePayTitle',
    text: 'home.badgePayText',
  },
  {
    icon: supportIcon,
    title: 'home.badgeSupportTitle',
    text: 'home.badgeSupportText',
  },
] as const;

export function WhyChooseUs() {
  const { t } = useTranslation();
  return (
    <section className="why-us">
      <div className="why-us-intro">
        <h2 className="section-title">{t('home.whyTitle')}</h2>
        <p className="muted">{t('home.whyText')}</p>
      </div>
      <div className="trust-badges">
        {BADGES.map((badge) => (
          <div key={badge.title} className="trust-badge">
            <img src={badge.icon} alt="" width={48} height={48} />
            <div>
              <h3>{t(badge.title)}</h3>
              <p className="muted">{t(badge.text)}</p>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
