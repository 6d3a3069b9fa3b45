import { Link } from 'react-router';
import { Icon } from '@/components/Icon';
import { SOCIAL_LINKS, SUPPORT_EMAIL } from '@/lib/support';
import { Logo } from './Logo';

const PAYMENT_LOGOS = [
  { src: '/images/pay-upi.svg', alt: 'UPI' },
  { src: '/images/pay-gpay.svg', alt: 'Google Pay' },
  { src: '/images/pay-phonepe.svg', alt: 'PhonePe' },
  { src: '/images/pay-paytm.svg', alt: 'Paytm' },
  { src: '/images/pay-zcoins.svg', alt: 'Z-Coins' },
];

export function Footer() {
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Logo />
          <p className="muted">
            Instant top-ups for MLBB, Genshin, BGMI and more, plus OTT subscriptions. Delivered in
            minutes, supported 24/7.
          </p>
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
            <a href={`mailto:${SUPPORT_EMAIL}`} aria-label="Email" className="icon-btn">
              <Icon name="mail" />
            </a>
          </div>
        </div>
        <div>
          <h3 className="footer-title">Store</h3>
          <Link to="/about">About Us</Link>
          <Link to="/faq">FAQ</Link>
          <Link to="/contact">Contact</Link>
          <Link to="/referandearn">Refer &amp; Earn</Link>
        </div>
        <div>
          <h3 className="footer-title">Policies</h3>
          <Link to="/privacypage">Privacy Policy</Link>
          <Link to="/refund-policy">Refund Policy</Link>
          <Link to="/terms-and-condition">Terms &amp; Conditions</Link>
        </div>
        <div className="footer-payments">
          <h3 className="footer-title">We accept</h3>
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
        © {new Date().getFullYear()} Z Store. All rights reserved.
      </div>
    </footer>
  );
}
