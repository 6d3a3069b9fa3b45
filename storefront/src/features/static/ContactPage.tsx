import { useTranslation } from 'react-i18next';
import { useSession } from '@/auth/SessionContext';
import { Icon } from '@/components/Icon';
import { SUPPORT_EMAIL, SUPPORT_PHONE, supportChatLink } from '@/lib/support';
import { Prose } from './Prose';
import { StaticPage } from './StaticPage';

export default function ContactPage() {
  const { user } = useSession();
  const { t } = useTranslation();
  return (
    <StaticPage title={t('static.contactTitle')} lead={t('static.contactLead')}>
      <div className="contact-grid">
        <a className="contact-option" href={supportChatLink(user)} target="_blank" rel="noreferrer">
          <Icon name="chat" size={28} />
          <span>
            <strong>{t('static.whatsappChat')}</strong>
            {t('static.fastest')}
          </span>
        </a>
        <a className="contact-option" href={`mailto:${SUPPORT_EMAIL}`}>
          <Icon name="mail" size={28} />
          <span>
            <strong>{t('static.email')}</strong>
            {SUPPORT_EMAIL}
          </span>
        </a>
        <a className="contact-option" href={`tel:${SUPPORT_PHONE.replace(/\s/g, '')}`}>
          <Icon name="phone" size={28} />
          <span>
            <strong>{t('static.phone')}</strong>
            {SUPPORT_PHONE}
          </span>
        </a>
      </div>
      <Prose blocks={t('static.contact', { returnObjects: true })} />
    </StaticPage>
  );
}
