import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Messages } from '@zstore/contract/messages';
import { ApiError } from '@/api/client';
import { fetchOtpTimer, sendLoginOtp, verifyLoginOtp } from '@/api/otp';
import { useSession } from '@/auth/SessionContext';
import { supportChatLink } from '@/lib/support';
import { AuthCard } from './AuthCard';
import { OtpInput } from './OtpInput';
import { returnTo } from '@/auth/returnTo';

const OTP_LENGTH = 4;
const TIMER_FAILED = 'An error occurred while fetching the timer.';
const VERIFY_FAILED = 'An error occurred. Please try again.';
const SEND_FAILED = 'An unexpected error occurred. Please try again.';

const serverText = (failure: unknown): string | undefined =>
  failure instanceof ApiError && !failure.isNetworkError ? failure.message : undefined;

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

  const loadTimer = useCallback(
    () =>
      fetchOtpTimer(mobile)
        .then((response) => setSecondsLeft(Math.max(0, Math.ceil((response.timer ?? 0) / 1000))))
        .catch(() => toast.error(TIMER_FAILED)),
    [mobile],
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
      toast.error(Messages.invalidOtp);
      return;
    }
    attempt.current = 'verifying';
    setVerifying(true);
    try {
      const response = await verifyLoginOtp(mobile, code);
      if (response.success && response.token && response.user) {
        attempt.current = 'signedIn';
        signIn(response.token, response.user);
        toast.success(response.message ?? Messages.otpVerifiedLogin);
        void navigate(returnTo());
        return;
      }
      toast.error(response.message ?? VERIFY_FAILED);
    } catch (failure) {
      toast.error(serverText(failure) ?? VERIFY_FAILED);
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
        toast.success(Messages.otpSentMobile);
        setDigits(Array<string>(OTP_LENGTH).fill(''));
      } else {
        toast.error(response.message ?? SEND_FAILED);
      }
    } catch (failure) {
      toast.error(serverText(failure) ?? SEND_FAILED);
    } finally {
      setResending(false);
      void loadTimer();
    }
  };

  return (
    <AuthCard
      icon="shieldCheck"
      title="Enter OTP"
      subtitle={
        <>
          We sent a 4-digit code to <strong>{mobile}</strong>.{' '}
          <Link to="/otplogin">Change number</Link>
        </>
      }
      footer={
        <>
          Didn&apos;t get the code?{' '}
          <a href={supportChatLink(null)} target="_blank" rel="noreferrer">
            Contact Support
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
            <>
              Resend OTP in <strong>{formatCountdown(secondsLeft)}</strong>
            </>
          ) : (
            'You can request a new code now.'
          )}
        </p>
        <button type="submit" className="btn btn-primary btn-block" disabled={verifying}>
          {verifying ? 'Verifying...' : 'Verify OTP'}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-block"
          disabled={secondsLeft > 0 || resending}
          onClick={() => void resend()}
        >
          {resending ? 'Sending...' : 'Resend OTP'}
        </button>
      </form>
    </AuthCard>
  );
}
