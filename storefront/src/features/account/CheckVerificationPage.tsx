import { Link } from 'react-router';
import { Icon } from '@/components/Icon';
import { AuthCard } from './AuthCard';
import { Trans, useTranslation } from 'react-i18next';

export default function CheckVerificationPage() {
  const { t } = useTranslation();
  return (
    <AuthCard
      icon="mail"
      title={t('account.verifyEmailTitle')}
      subtitle={t('account.verifyEmailSub')}
      footer={
        <>
          {t('account.verifiedAlready')}
          <Link to="/login">{t('account.login')}</Link>
        </>
      }
    >
      <div className="stack">
        <p>
          <Trans i18nKey="account.verifyEmailText" components={{ b: <strong /> }} />
        </p>
        <p className="muted">{t('account.verifyEmailValid')}</p>
        <a
          className="btn btn-primary btn-block"
          href="https://mail.google.com/"
          target="_blank"
          rel="noreferrer"
        >
          <Icon name="external" size={18} /> {t('account.openGmail')}
        </a>
      </div>
    </AuthCard>
  );
}
