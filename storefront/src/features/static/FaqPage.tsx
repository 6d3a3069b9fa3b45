import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { StaticPage } from './StaticPage';

export default function FaqPage() {
  const { t } = useTranslation();
  return (
    <StaticPage title={t('static.faqTitle')} lead={t('static.faqLead')}>
      <div className="faq-list">
        {t('static.faq', { returnObjects: true }).map((entry) => (
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
