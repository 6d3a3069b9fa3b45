import { useSession } from '@/auth/SessionContext';
import { Icon } from '@/components/Icon';
import { SUPPORT_EMAIL, SUPPORT_PHONE, supportChatLink } from '@/lib/support';
import { StaticPage } from './StaticPage';

export default function ContactPage() {
  const { user } = useSession();
  return (
    <StaticPage
      title="Contact Us"
      lead="We are here 24/7. Most questions are answered within minutes."
    >
      <div className="contact-grid">
        <a className="contact-option" href={supportChatLink(user)} target="_blank" rel="noreferrer">
          <Icon name="chat" size={28} />
          <span>
            <strong>WhatsApp chat</strong>
            Fastest answers, 24/7
          </span>
        </a>
        <a className="contact-option" href={`mailto:${SUPPORT_EMAIL}`}>
          <Icon name="mail" size={28} />
          <span>
            <strong>Email</strong>
            {SUPPORT_EMAIL}
          </span>
        </a>
        <a className="contact-option" href={`tel:${SUPPORT_PHONE.replace(/\s/g, '')}`}>
          <Icon name="phone" size={28} />
          <span>
            <strong>Phone</strong>
            {SUPPORT_PHONE}
          </span>
        </a>
      </div>
      <h2>Before you write</h2>
      <ul>
        <li>Keep your Order ID ready (you will find it under My Orders).</li>
        <li>
          If you paid and the order still shows Created, open it and tap Verify Payment first.
        </li>
        <li>Orders for API packs arrive within 1-6 minutes; other packs within 30 minutes.</li>
      </ul>
    </StaticPage>
  );
}
