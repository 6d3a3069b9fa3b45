import { useTranslation } from 'react-i18next';
import { Prose } from './Prose';
import { StaticPage } from './StaticPage';

export default function RefundPolicyPage() {
  const { t } = useTranslation();
  return (
    <StaticPage title={t('static.refundTitle')} updated={t('static.updatedOn')}>
      <Prose blocks={t('static.refund', { returnObjects: true })} />
    </StaticPage>
  );
}
