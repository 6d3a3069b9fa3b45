import deliveryIcon from '@/assets/badge-delivery.svg';
import paymentIcon from '@/assets/badge-payment.svg';
import safeIcon from '@/assets/badge-safe.svg';
import supportIcon from '@/assets/badge-support.svg';

const BADGES = [
  {
    icon: deliveryIcon,
    title: '24/7 Instant Delivery',
    text: 'Packs land in 1-6 minutes, day or night.',
  },
  {
    icon: safeIcon,
    title: '100% Safe & Legitimate',
    text: 'Official top-ups straight to your game ID.',
  },
  {
    icon: paymentIcon,
    title: 'Easy & Secure Payment Methods',
    text: 'Pay by any UPI app or with Z-Coins.',
  },
  {
    icon: supportIcon,
    title: '24/7 Instant Support',
    text: 'Real people on chat, email and phone.',
  },
];

export function WhyChooseUs() {
  return (
    <section className="why-us">
      <div className="why-us-intro">
        <h2 className="section-title">Why choose Z Store?</h2>
        <p className="muted">
          Thousands of gamers across India top up with us every day. Fair rupee prices, instant
          delivery, 1% back in reward points on every purchase, and a wallet that makes checkout one
          tap.
        </p>
      </div>
      <div className="trust-badges">
        {BADGES.map((badge) => (
          <div key={badge.title} className="trust-badge">
            <img src={badge.icon} alt="" width={48} height={48} />
            <div>
              <h3>{badge.title}</h3>
              <p className="muted">{badge.text}</p>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
