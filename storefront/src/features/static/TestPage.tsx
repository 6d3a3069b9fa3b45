import { useTranslation } from 'react-i18next';

export default function TestPage() {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <h1 className="page-title">{t('static.test')}</h1>
    </div>
  );
}
