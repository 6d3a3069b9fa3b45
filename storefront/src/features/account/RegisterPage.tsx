import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { ErrorCode } from '@zstore/contract/error-codes';
import { Messages } from '@zstore/contract/messages';
import { register, verifyAndRegister, type RegisterDetails } from '@/api/auth';
import { ApiError, errorCodeOf } from '@/api/client';
import { PasswordField } from '@/components/PasswordField';
import { TextField } from '@/components/TextField';
import { forgetReferral, rememberReferral } from '@/lib/device';
import { AuthCard } from './AuthCard';
import { FormMessage, useTimedMessage } from './FormMessage';

const NETWORK_ERROR = 'Something went wrong. Please try again.';
const MOBILE_PATTERN = /^\d{10}$/;
const REDIRECT_DELAY_MS = 2000;
const EMAIL_HINT =
  'We will e-mail you a link: verify your e-mail with it before you sign in with your password.';

type Step = 'details' | 'otp';

const emptyDetails: RegisterDetails = { name: '', mobileNumber: '', email: '', password: '' };

function failureText(failure: unknown, fallback: string): string {
  if (failure instanceof ApiError) return failure.isNetworkError ? NETWORK_ERROR : failure.message;
  return fallback;
}

export default function RegisterPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [referralCode] = useState(() => rememberReferral(searchParams.get('ref')));
  const [step, setStep] = useState<Step>('details');
  const [details, setDetails] = useState<RegisterDetails>(emptyDetails);
  const [otp, setOtp] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const { message, show, clear } = useTimedMessage(5000);
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const setField = (field: keyof RegisterDetails) => (value: string) =>
    setDetails((current) => ({ ...current, [field]: value }));

  const requestOtp = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = { ...details, name: details.name.trim(), email: details.email.trim() };
    if (!trimmed.name || !trimmed.mobileNumber || !trimmed.email || !trimmed.password) {
      show(Messages.fillAllFields, 'error');
      return;
    }
    if (!MOBILE_PATTERN.test(trimmed.mobileNumber)) {
      show(Messages.invalidMobile, 'error');
      return;
    }
    setSubmitting(true);
    try {
      const response = await register(trimmed);
      // Said once, in the toast: the OTP step's subtitle already says where the code went.
      toast.success(response.msg ?? Messages.otpSentVerifyAccount);
      clear();
      // The original page went to /login here, which made the OTP step unreachable.
      setStep('otp');
    } catch (failure) {
      show(failureText(failure, Messages.registrationFailed), 'error');
    } finally {
      setSubmitting(false);
    }
  };

  const verifyOtp = async (event: FormEvent) => {
    event.preventDefault();
    if (!otp.trim() || !details.mobileNumber) {
      show(Messages.otpAndMobileRequired, 'error');
      return;
    }
    setSubmitting(true);
    try {
      const response = await verifyAndRegister({
        ...details,
        name: details.name.trim(),
        email: details.email.trim(),
        otp: otp.trim(),
        referralCode,
      });
      forgetReferral();
      show(response.msg ?? Messages.mobileVerified, 'success');
      redirectTimer.current = window.setTimeout(() => void navigate('/login'), REDIRECT_DELAY_MS);
    } catch (failure) {
      const text = failureText(failure, Messages.verificationFailed);
      if (errorCodeOf(failure) === ErrorCode.OtpExpired) {
        setOtp('');
        setStep('details');
      }
      show(text, 'error');
    } finally {
      setSubmitting(false);
    }
  };

  const backToDetails = () => {
    clear();
    setOtp('');
    setStep('details');
  };

  const footer = (
    <>
      Already have an account? <Link to="/login">Login</Link>
    </>
  );

  if (step === 'otp') {
    return (
      <AuthCard
        icon="shieldCheck"
        title="Verify Your Account"
        subtitle={
          <>
            Enter the 4-digit code we sent by SMS to <strong>{details.mobileNumber}</strong>.
          </>
        }
        footer={footer}
      >
        <form className="stack" onSubmit={(event) => void verifyOtp(event)}>
          <TextField
            label="OTP"
            value={otp}
            onChange={(value) => setOtp(value.replace(/\D/g, '').slice(0, 4))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={4}
            placeholder="4-digit code"
            autoFocus
          />
          <FormMessage message={message} />
          <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
            {submitting ? 'Verifying...' : 'Verify OTP'}
          </button>
          <button type="button" className="btn btn-ghost btn-block" onClick={backToDetails}>
            Change details
          </button>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon="userPlus"
      title="Create Account"
      subtitle="Two quick checks: a code by SMS for your mobile number, then a link by e-mail to verify your e-mail."
      footer={footer}
    >
      <form className="stack" onSubmit={(event) => void requestOtp(event)} noValidate>
        {referralCode && (
          <p className="notice" data-referral={referralCode}>
            Invited by a friend (code <strong>{referralCode}</strong>): you both earn reward points
            when your first order completes.
          </p>
        )}
        <TextField
          label="Full Name"
          value={details.name}
          onChange={setField('name')}
          autoComplete="name"
          placeholder="Your name"
        />
        <TextField
          label="Mobile Number"
          type="tel"
          inputMode="numeric"
          value={details.mobileNumber}
          onChange={(value) => setField('mobileNumber')(value.replace(/\D/g, '').slice(0, 10))}
          autoComplete="tel-national"
          placeholder="10-digit mobile number"
          pattern="\d{10}"
          maxLength={10}
        />
        <TextField
          label="Email"
          type="email"
          value={details.email}
          onChange={setField('email')}
          autoComplete="email"
          placeholder="you@example.com"
          hint={EMAIL_HINT}
        />
        <PasswordField
          label="Password"
          value={details.password}
          onChange={setField('password')}
          autoComplete="new-password"
          placeholder="At least 8 characters"
        />
        <FormMessage message={message} />
        <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
          {submitting ? 'Creating...' : 'Create Account'}
        </button>
      </form>
    </AuthCard>
  );
}
