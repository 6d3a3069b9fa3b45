import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { fetchOtpTimer, sendLoginOtp, verifyLoginOtp } from '@/api/otp';
import { useSession } from '@/auth/SessionContext';
import { supportChatLink } from '@/lib/support';
import { AuthCard } from './AuthCard';
import { OtpInput } from './OtpInput';
import { returnTo } from '@/auth/returnTo';
import { Trans, useTranslation } from 'react-i18next';
import { failureText, serverText } from '@/i18n/errors';

const OTP_LENGTH = 4;

function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

export default function OtpVerifyPage() {
  const { mobile = '' } = useParams();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [digits, setDigits] = useState<string[]>(() => Array<string>(OTP_LENGTH).fill(''));
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const { t } = useTranslation();

  const loadTimer = useCallback(
    () =>
      fetchOtpTimer(mobile)
        .then((response) => setSecondsLeft(Math.max(0, Math.ceil((response.timer ?? 0) / 1000))))
        .catch(() => toast.error(t('account.timerFailed'))),
    [mobile, t],
  );

  useEffect(() => {
    void loadTimer();
  }, [loadTimer]);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const tick = window.setTimeout(() => setSecondsLeft((value) => value - 1), 1000);
    return () => window.clearTimeout(tick);
  }, [secondsLeft]);

  // A code goes to the server once: a tap on Verify OTP after the code went in by itself, or
  // while the next page is still loading, must not spend it again.
  const attempt = useRef<'idle' | 'verifying' | 'signedIn'>('idle');

  const verify = async (code: string) => {
    if (attempt.current !== 'idle') return;
    if (code.length < OTP_LENGTH) {
      toast.error(t('messages.invalidOtp'));
      return;
    }
    attempt.current = 'verifying';
    setVerifying(true);
    try {
      const response = await verifyLoginOtp(mobile, code);
      if (response.success && response.token && response.user) {
        attempt.current = 'signedIn';
        signIn(response.token, response.user);
        toast.success(serverText(response.message, t('messages.otpVerifiedLogin')));
        void navigate(returnTo());
        return;
      }
      toast.error(serverText(response.message, t('account.anErrorOccurred')));
    } catch (failure) {
      toast.error(failureText(failure, t('account.anErrorOccurred')));
    }
    attempt.current = 'idle';
    setVerifying(false);
  };

  const handleDigitsChange = (next: string[]) => {
    setDigits(next);
    const code = next.join('');
    if (code.length === OTP_LENGTH) void verify(code);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void verify(digits.join(''));
  };

  const resend = async () => {
    setResending(true);
    try {
      const response = await sendLoginOtp(mobile);
      if (response.success) {
        toast.success(t('messages.otpSentMobile'));
        setDigits(Array<string>(OTP_LENGTH).fill(''));
      } else {
        toast.error(serverText(response.message, t('account.unexpectedError')));
      }
    } catch (failure) {
      toast.error(failureText(failure, t('account.unexpectedError')));
    } finally {
      setResending(false);
      void loadTimer();
    }
  };

  return (
    <AuthCard
      icon="shieldCheck"
      title={t('account.enterOtp')}
      subtitle={
        <>
          <Trans i18nKey="account.sentCodeTo" values={{ mobile }} components={{ b: <strong /> }} />
          <Link to="/otplogin">{t('account.changeNumber')}</Link>
        </>
      }
      footer={
        <>
          {t('account.noCode')}
          <a href={supportChatLink(null)} target="_blank" rel="noreferrer">
            {t('account.contactSupport')}
          </a>
        </>
      }
    >
      <form className="stack" onSubmit={handleSubmit}>
        <OtpInput
          length={OTP_LENGTH}
          digits={digits}
          onChange={handleDigitsChange}
          disabled={verifying}
        />
        <p className="otp-timer muted" aria-live="polite">
          {secondsLeft > 0 ? (
            <Trans
              i18nKey="account.resendIn"
              values={{ time: formatCountdown(secondsLeft) }}
              components={{ b: <strong /> }}
            />
          ) : (
            t('account.canResend')
          )}
        </p>
        <button type="submit" className="btn btn-primary btn-block" disabled={verifying}>
          {verifying ? t('account.verifying') : t('account.verifyOtp')}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-block"
          disabled={secondsLeft > 0 || resending}
          onClick={() => void resend()}
        >
          {resending ? t('account.sending') : t('account.resendOtp')}
        </button>
      </form>
    </AuthCard>
  );
}
