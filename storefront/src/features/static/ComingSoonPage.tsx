import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusMessage } from '@/components/StatusMessage';

export default function ComingSoonPage() {
  const { t } = useTranslation();
  return (
    <div className="container page page-narrow">
      <div className="card">
        <StatusMessage icon="clock" title={t('static.comingSoon')} heading="h1">
          <p className="muted">{t('static.comingSoonText')}</p>
          <Link to="/home" className="btn btn-primary">
            {t('static.browseGames')}
          </Link>
        </StatusMessage>
      </div>
    </div>
  );
}
