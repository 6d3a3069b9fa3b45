import { useTranslation } from 'react-i18next';
import { Prose } from './Prose';
import { StaticPage } from './StaticPage';

export default function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <StaticPage title={t('static.privacyTitle')} updated={t('static.updatedOn')}>
      <Prose blocks={t('static.privacy', { returnObjects: true })} />
    </StaticPage>
  );
}
