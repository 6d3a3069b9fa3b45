import { useState } from 'react';
import { Modal } from '@/components/Modal';

export interface Faq {
  question: string;
  answer: string;
}

export const COIN_FAQS: Faq[] = [
  {
    question: 'What are Z-Coins?',
    answer: 'Z-Coins are the store wallet currency. 1 Z-Coin = 1 rupee.',
  },
  {
    question: 'How do I add Z-Coins?',
    answer:
      'Tap Top Up Wallet, choose an amount and pay by UPI. The coins arrive as soon as the payment is confirmed.',
  },
  {
    question: 'What can I use them for?',
    answer:
      'Pick Z-Coins as the payment method on any product to pay instantly, without leaving the store.',
  },
  {
    question: 'Can I withdraw Z-Coins?',
    answer: 'No. Z-Coins are store credit and cannot be withdrawn or transferred.',
  },
  {
    question: 'What about refunds?',
    answer: 'When an order is refunded, the amount comes back to your wallet as Z-Coins.',
  },
];

export const POINT_FAQS: Faq[] = [
  {
    question: 'How do I earn points?',
    answer: 'Every completed purchase earns 1% of the amount paid as reward points.',
  },
  { question: 'What is a point worth?', answer: '1 point = 1 rupee.' },
  {
    question: 'How do I use points?',
    answer:
      'Tap Redeem Points and choose how many whole points to turn into Z-Coins. They are added to your wallet at once.',
  },
  {
    question: 'Do refunded orders earn points?',
    answer: 'No. Points are credited only when an order is Completed.',
  },
];

export function KnowMoreButton({ title, faqs }: { title: string; faqs: Faq[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="know-more" onClick={() => setOpen(true)}>
        Know More
      </button>
      <Modal open={open} title={title} onClose={() => setOpen(false)}>
        <dl className="faq-dl">
          {faqs.map((faq) => (
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
