import { SUPPORT_EMAIL } from '@/lib/support';
import { StaticPage } from './StaticPage';

export default function PrivacyPage() {
  return (
    <StaticPage title="Privacy Policy" updated="1 January 2025">
      <p>
        This policy explains what personal information Z Store collects when you use the store, why
        we collect it and how we protect it.
      </p>
      <h2>Information we collect</h2>
      <ul>
        <li>
          Account details: your name, email address, mobile number and password (stored hashed).
        </li>
        <li>Order details: the game user ID, server or zone and the pack you buy.</li>
        <li>
          Payment references from our UPI payment partner. We never see or store your UPI PIN.
        </li>
        <li>
          Basic technical data such as IP address and browser type, used to keep the store safe.
        </li>
      </ul>
      <h2>How we use it</h2>
      <ul>
        <li>To deliver your top-ups and show your order and wallet history.</li>
        <li>To verify your account by SMS and email, and to help you recover access.</li>
        <li>To prevent fraud and abuse, and to meet our legal obligations.</li>
        <li>To answer your support requests.</li>
      </ul>
      <h2>Sharing</h2>
      <p>
        We share only what is needed with our payment partner, game top-up suppliers (your game user
        ID and server), and SMS and email providers. We do not sell your personal data.
      </p>
      <h2>Retention and security</h2>
      <p>
        We keep order and payment records as long as the law requires. Data travels over encrypted
        connections and access is limited to staff who need it.
      </p>
      <h2>Your choices</h2>
      <p>
        You can update your name from the dashboard, and ask us to correct or delete your account by
        writing to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </StaticPage>
  );
}
