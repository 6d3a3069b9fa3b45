import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusMessage } from '@/components/StatusMessage';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="container page page-narrow">
      <div className="card">
        <StatusMessage icon="alert" title={t('static.notFound')} heading="h1" tone="warning">
          <p className="muted">{t('static.notFoundText')}</p>
          <Link to="/home" className="btn btn-primary">
            {t('static.backHome')}
          </Link>
        </StatusMessage>
      </div>
    </div>
  );
}
