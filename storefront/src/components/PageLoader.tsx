import { useTranslation } from 'react-i18next';

export function PageLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status">
      <span className="spinner" />
      <span className="muted">{label ?? t('common.loading')}</span>
    </div>
  );
}
