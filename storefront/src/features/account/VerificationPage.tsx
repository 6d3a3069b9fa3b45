import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { verifyMail } from '@/api/auth';
import { ApiError } from '@/api/client';
import { useSession } from '@/auth/SessionContext';
import { StatusMessage } from '@/components/StatusMessage';
import { AuthCard } from './AuthCard';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n';
import { failureText, serverText } from '@/i18n/errors';

const REDIRECT_DELAY_MS = 2000;

type Result = { state: 'pending' } | { state: 'done'; text: string; verified: boolean };

/** What the login page shows after a verified link; read by LoginPage. */
export interface VerifiedNotice {
  verifiedNotice: string;
}

function titleOf(result: Result) {
  if (result.state === 'pending') return 'account.emailVerification' as const;
  return result.verified
    ? ('account.emailVerified' as const)
    : ('account.emailNotVerified' as const);
}

export default function VerificationPage() {
  const { id = '', token = '' } = useParams();
  const navigate = useNavigate();
  // A customer already signed in (say with a mobile OTP) goes on shopping, not to the login page.
  const { isLoggedIn } = useSession();
  const [result, setResult] = useState<Result>({ state: 'pending' });
  const requested = useRef(false);
  const { t } = useTranslation();

  useEffect(() => {
    // The link is single use: make sure a re-run of the effect never spends it twice.
    if (requested.current) return;
    requested.current = true;
    verifyMail(id, token)
      .then((response) => {
        const verified = response.code === '0';
        const own = verified
          ? i18n.t('messages.emailVerified')
          : i18n.t('messages.verificationInvalid');
        setResult({
          state: 'done',
          text: serverText(response.msg ?? response.message, own),
          verified,
        });
      })
      .catch((failure: unknown) => {
        const text =
          failure instanceof ApiError && !failure.isNetworkError
            ? failureText(failure, i18n.t('messages.verificationInvalid'))
            : i18n.t('account.anErrorOccurred');
        setResult({ state: 'done', text, verified: false });
      });
  }, [id, token]);

  useEffect(() => {
    if (result.state !== 'done' || !result.verified) return;
    const notice: VerifiedNotice = { verifiedNotice: result.text };
    const timer = window.setTimeout(
      () => void (isLoggedIn ? navigate('/home') : navigate('/login', { state: notice })),
      REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [result, navigate, isLoggedIn]);

  return (
    <AuthCard icon="mail" title={t(titleOf(result))}>
      {result.state === 'pending' ? (
        <div className="notice">
          <span className="spinner" />
          <p className="muted">{t('account.verifyingEmail')}</p>
        </div>
      ) : (
        <StatusMessage
          icon={result.verified ? 'checkCircle' : 'xCircle'}
          tone={result.verified ? 'success' : 'danger'}
          title={result.text}
        >
          {result.verified ? (
            <>
              <p className="muted">{isLoggedIn ? t('account.toHome') : t('account.toLogin')}</p>
              {!isLoggedIn && (
                <Link
                  to="/login"
                  state={{ verifiedNotice: result.text }}
                  className="btn btn-primary"
                >
                  {t('account.goToLogin')}
                </Link>
              )}
            </>
          ) : (
            <Link to="/login" className="btn btn-secondary">
              {t('account.goToLogin')}
            </Link>
          )}
        </StatusMessage>
      )}
    </AuthCard>
  );
}
