import { Link } from 'react-router';
import { Icon } from '@/components/Icon';
import { SOCIAL_LINKS, SUPPORT_EMAIL } from '@/lib/support';
import { Logo } from './Logo';
import { LanguageSwitch } from './LanguageSwitch';
import { useTranslation } from 'react-i18next';

const PAYMENT_LOGOS = [
  { src: '/images/pay-upi.svg', alt: 'UPI' },
  { src: '/images/pay-gpay.svg', alt: 'Google Pay' },
  { src: '/images/pay-phonepe.svg', alt: 'PhonePe' },
  { src: '/images/pay-paytm.svg', alt: 'Paytm' },
  { src: '/images/pay-zcoins.svg', alt: 'Z-Coins' },
];

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Logo />
          <p className="muted">{t('layout.footerBlurb')}</p>
          <div className="social-links">
            {SOCIAL_LINKS.map((link) => (
              <a
                key={link.label}
                href={link.href}
                target="_blank"
                rel="noreferrer"
                aria-label={link.label}
                className="icon-btn"
              >
                <Icon name={link.icon} />
              </a>
            ))}
            <a href={`mailto:${SUPPORT_EMAIL}`} aria-label={t('layout.email')} className="icon-btn">
              <Icon name="mail" />
            </a>
          </div>
        </div>
        <div>
          <h3 className="footer-title">{t('layout.store')}</h3>
          <Link to="/about">{t('layout.aboutUs')}</Link>
          <Link to="/faq">{t('layout.faq')}</Link>
          <Link to="/contact">{t('layout.contact')}</Link>
          <Link to="/referandearn">{t('layout.referAndEarn')}</Link>
        </div>
        <div>
          <h3 className="footer-title">{t('layout.policies')}</h3>
          <Link to="/privacypage">{t('layout.privacyPolicy')}</Link>
          <Link to="/refund-policy">{t('layout.refundPolicy')}</Link>
          <Link to="/terms-and-condition">{t('layout.terms')}</Link>
        </div>
        <div className="footer-payments">
          <h3 className="footer-title">{t('layout.weAccept')}</h3>
          <div className="payment-logos">
            {PAYMENT_LOGOS.map((logo) => (
              <img
                key={logo.alt}
                src={logo.src}
                alt={logo.alt}
                width={64}
                height={28}
                loading="lazy"
              />
            ))}
          </div>
        </div>
      </div>
      <div className="container footer-bottom muted">
        <span>{t('layout.rights', { year: new Date().getFullYear() })}</span>
        <LanguageSwitch className="footer-language" />
      </div>
    </footer>
  );
}
