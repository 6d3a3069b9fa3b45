import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Messages } from '@zstore/contract/messages';
import { verifyMail } from '@/api/auth';
import { ApiError, errorText } from '@/api/client';
import { useSession } from '@/auth/SessionContext';
import { StatusMessage } from '@/components/StatusMessage';
import { AuthCard } from './AuthCard';

const REDIRECT_DELAY_MS = 2000;
const REQUEST_FAILED = 'An error occurred. Please try again.';

type Result = { state: 'pending' } | { state: 'done'; text: string; verified: boolean };

/** What the login page shows after a verified link; read by LoginPage. */
export interface VerifiedNotice {
  verifiedNotice: string;
}

function titleOf(result: Result) {
  if (result.state === 'pending') return 'Email Verification';
  return result.verified ? 'Email Verified' : 'Email Not Verified';
}

export default function VerificationPage() {
  const { id = '', token = '' } = useParams();
  const navigate = useNavigate();
  // A customer already signed in (say with a mobile OTP) goes on shopping, not to the login page.
  const { isLoggedIn } = useSession();
  const [result, setResult] = useState<Result>({ state: 'pending' });
  const requested = useRef(false);

  useEffect(() => {
    // The link is single use: make sure a re-run of the effect never spends it twice.
    if (requested.current) return;
    requested.current = true;
    verifyMail(id, token)
      .then((response) => {
        const verified = response.code === '0';
        const fallback = verified ? Messages.emailVerified : Messages.verificationInvalid;
        setResult({ state: 'done', text: response.msg ?? response.message ?? fallback, verified });
      })
      .catch((failure: unknown) => {
        const text =
          failure instanceof ApiError && !failure.isNetworkError
            ? (errorText(failure.body) ?? Messages.verificationInvalid)
            : REQUEST_FAILED;
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
    <AuthCard icon="mail" title={titleOf(result)}>
      {result.state === 'pending' ? (
        <div className="notice">
          <span className="spinner" />
          <p className="muted">Verifying your email...</p>
        </div>
      ) : (
        <StatusMessage
          icon={result.verified ? 'checkCircle' : 'xCircle'}
          tone={result.verified ? 'success' : 'danger'}
          title={result.text}
        >
          {result.verified ? (
            <>
              <p className="muted">
                {isLoggedIn ? 'Taking you to the home page...' : 'Taking you to the login page...'}
              </p>
              {!isLoggedIn && (
                <Link
                  to="/login"
                  state={{ verifiedNotice: result.text }}
                  className="btn btn-primary"
                >
                  Go to Login
                </Link>
              )}
            </>
          ) : (
            <Link to="/login" className="btn btn-secondary">
              Go to Login
            </Link>
          )}
        </StatusMessage>
      )}
    </AuthCard>
  );
}
