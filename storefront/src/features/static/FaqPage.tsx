import { Icon } from '@/components/Icon';
import { StaticPage } from './StaticPage';

const QUESTIONS = [
  {
    question: 'How long does delivery take?',
    answer:
      'Packs delivered through our supplier APIs usually arrive within 1-6 minutes of payment. Other packs are completed by our team within about 30 minutes.',
  },
  {
    question: 'Which payment methods can I use?',
    answer:
      'You can pay with any UPI app (Google Pay, PhonePe, Paytm and others) or with Z-Coins from your store wallet.',
  },
  {
    question: 'What are Z-Coins?',
    answer:
      'Z-Coins are the store wallet currency. 1 Z-Coin equals 1 rupee. Top up your wallet by UPI and pay for orders instantly. Z-Coins cannot be withdrawn.',
  },
  {
    question: 'How do reward points work?',
    answer:
      'You earn 1% of every completed purchase as reward points. 1 point equals 1 rupee, and you can redeem points into Z-Coins from your wallet.',
  },
  {
    question: 'I paid but my order shows Created. What should I do?',
    answer:
      'Open My Orders and tap Verify Payment on the order. If the payment went through, the order moves to Processing. If it still does not, contact support with your Order ID.',
  },
  {
    question: 'Can I get a refund?',
    answer:
      'All sales are final because the goods are digital. If a delivery fails on our side, the amount is refunded to your Z-Coins wallet automatically or by our team.',
  },
];

export default function FaqPage() {
  return (
    <StaticPage title="Frequently Asked Questions" lead="Quick answers to what gamers ask us most.">
      <div className="faq-list">
        {QUESTIONS.map((entry) => (
          <details key={entry.question} className="faq-item">
            <summary>
              {entry.question}
              <Icon name="chevronDown" />
            </summary>
            <p>{entry.answer}</p>
          </details>
        ))}
      </div>
    </StaticPage>
  );
}
