import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/home" className="logo" aria-label={t('layout.storeHome')}>
      <img src="/logo.svg" alt="" width={34} height={34} />
      <span className="logo-text">
        Z <span>Store</span>
      </span>
    </Link>
  );
}
