import { useTranslation } from 'react-i18next';
import { Prose } from './Prose';
import { StaticPage } from './StaticPage';

export default function TermsPage() {
  const { t } = useTranslation();
  return (
    <StaticPage title={t('static.termsTitle')} updated={t('static.updatedOn')}>
      <Prose blocks={t('static.terms', { returnObjects: true })} />
    </StaticPage>
  );
}
