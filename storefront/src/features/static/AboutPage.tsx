import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Prose } from './Prose';
import { StaticPage } from './StaticPage';

const COUNTS = [
  { value: '50+', label: 'static.partners' },
  { value: '1,00,000+', label: 'static.happyGamers' },
  { value: '5,00,000+', label: 'static.transactions' },
] as const;

export default function AboutPage() {
  const { t } = useTranslation();
  return (
    <StaticPage title={t('static.aboutTitle')} lead={t('static.aboutLead')}>
      <p>{t('static.aboutIntro')}</p>
      <div className="feature-grid">
        {COUNTS.map((count) => (
          <div key={count.label} className="count-tile">
            <strong>{count.value}</strong>
            <span>{t(count.label)}</span>
          </div>
        ))}
      </div>
      <Prose blocks={t('static.about', { returnObjects: true })} />
      <Link to="/register" className="btn btn-primary">
        {t('static.getStarted')}
      </Link>
    </StaticPage>
  );
}
