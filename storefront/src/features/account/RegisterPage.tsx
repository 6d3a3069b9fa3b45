import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { ErrorCode } from '@zstore/contract/error-codes';
import { register, verifyAndRegister, type RegisterDetails } from '@/api/auth';
import { ApiError, errorCodeOf } from '@/api/client';
import { PasswordField } from '@/components/PasswordField';
import { TextField } from '@/components/TextField';
import { forgetReferral, rememberReferral } from '@/lib/device';
import { AuthCard } from './AuthCard';
import { FormMessage, useTimedMessage } from './FormMessage';
import { Trans, useTranslation } from 'react-i18next';
import { i18n } from '@/i18n';
import { failureText, serverText } from '@/i18n/errors';

const MOBILE_PATTERN = /^\d{10}$/;
const REDIRECT_DELAY_MS = 2000;

type Step = 'details' | 'otp';

const emptyDetails: RegisterDetails = { name: '', mobileNumber: '', email: '', password: '' };

/** The server's refusal, the network's failure, or `fallback` for anything else. */
function registrationFailure(failure: unknown, fallback: string): string {
  if (failure instanceof ApiError) return failureText(failure, i18n.t('account.somethingWrong'));
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
  const { t } = useTranslation();

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const setField = (field: keyof RegisterDetails) => (value: string) =>
    setDetails((current) => ({ ...current, [field]: value }));

  const requestOtp = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = { ...details, name: details.name.trim(), email: details.email.trim() };
    if (!trimmed.name || !trimmed.mobileNumber || !trimmed.email || !trimmed.password) {
      show(t('messages.fillAllFields'), 'error');
      return;
    }
    if (!MOBILE_PATTERN.test(trimmed.mobileNumber)) {
      show(t('messages.invalidMobile'), 'error');
      return;
    }
    setSubmitting(true);
    try {
      const response = await register(trimmed);
      // Said once, in the toast: the OTP step's subtitle already says where the code went.
      toast.success(serverText(response.msg, t('messages.otpSentVerifyAccount')));
      clear();
      // The original page went to /login here, which made the OTP step unreachable.
      setStep('otp');
    } catch (failure) {
      show(registrationFailure(failure, t('messages.registrationFailed')), 'error');
    } finally {
      setSubmitting(false);
    }
  };

  const verifyOtp = async (event: FormEvent) => {
    event.preventDefault();
    if (!otp.trim() || !details.mobileNumber) {
      show(t('messages.otpAndMobileRequired'), 'error');
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
      show(serverText(response.msg, t('messages.mobileVerified')), 'success');
      redirectTimer.current = window.setTimeout(() => void navigate('/login'), REDIRECT_DELAY_MS);
    } catch (failure) {
      const text = registrationFailure(failure, t('messages.verificationFailed'));
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
      {t('account.haveAccount')}
      <Link to="/login">{t('account.login')}</Link>
    </>
  );

  if (step === 'otp') {
    return (
      <AuthCard
        icon="shieldCheck"
        title={t('account.verifyAccount')}
        subtitle={
          <Trans
            i18nKey="account.smsCodeTo"
            values={{ mobile: details.mobileNumber }}
            components={{ b: <strong /> }}
          />
        }
        footer={footer}
      >
        <form className="stack" onSubmit={(event) => void verifyOtp(event)}>
          <TextField
            label={t('account.otp')}
            value={otp}
            onChange={(value) => setOtp(value.replace(/\D/g, '').slice(0, 4))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={4}
            placeholder={t('account.otpPlaceholder')}
            autoFocus
          />
          <FormMessage message={message} />
          <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
            {submitting ? t('account.verifying') : t('account.verifyOtp')}
          </button>
          <button type="button" className="btn btn-ghost btn-block" onClick={backToDetails}>
            {t('account.changeDetails')}
          </button>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon="userPlus"
      title={t('account.createAccount')}
      subtitle={t('account.createSub')}
      footer={footer}
    >
      <form className="stack" onSubmit={(event) => void requestOtp(event)} noValidate>
        {referralCode && (
          <p className="notice" data-referral={referralCode}>
            <Trans
              i18nKey="account.invited"
              values={{ code: referralCode }}
              components={{ b: <strong /> }}
            />
          </p>
        )}
        <TextField
          label={t('account.fullName')}
          value={details.name}
          onChange={setField('name')}
          autoComplete="name"
          placeholder={t('account.namePlaceholder')}
        />
        <TextField
          label={t('account.mobileNumber')}
          type="tel"
          inputMode="numeric"
          value={details.mobileNumber}
          onChange={(value) => setField('mobileNumber')(value.replace(/\D/g, '').slice(0, 10))}
          autoComplete="tel-national"
          placeholder={t('account.mobilePlaceholder')}
          pattern="\d{10}"
          maxLength={10}
        />
        <TextField
          label={t('account.email')}
          type="email"
          value={details.email}
          onChange={setField('email')}
          autoComplete="email"
          placeholder="you@example.com"
          hint={t('account.emailHint')}
        />
        <PasswordField
          label={t('account.password')}
          value={details.password}
          onChange={setField('password')}
          autoComplete="new-password"
          placeholder={t('account.passwordPlaceholder')}
        />
        <FormMessage message={message} />
        <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
          {submitting ? t('account.creating') : t('account.createAccount')}
        </button>
      </form>
    </AuthCard>
  );
}
