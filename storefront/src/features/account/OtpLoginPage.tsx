import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ErrorCode } from '@zstore/contract/error-codes';
import { errorCodeOf } from '@/api/client';
import { sendLoginOtp } from '@/api/otp';
import { TextField } from '@/components/TextField';
import { AuthCard } from './AuthCard';
import { useTranslation } from 'react-i18next';
import { failureText, serverText } from '@/i18n/errors';

export default function OtpLoginPage() {
  const navigate = useNavigate();
  const [mobile, setMobile] = useState('');
  const [sending, setSending] = useState(false);
  const { t } = useTranslation();

  const goToVerify = () => void navigate(`/otpverify/${mobile}`);

  const handleFailure = (message: string | undefined, code?: string) => {
    if (code === ErrorCode.MobileNotRegistered) {
      toast.warning(t('messages.mobileNotRegisteredToast'));
      void navigate('/register');
    } else if (code === ErrorCode.OtpCooldown) {
      // A code sent moments ago is still valid: let the user enter it.
      toast.info(message ?? t('errors.OTP_COOLDOWN'));
      goToVerify();
    } else {
      toast.error(message ?? t('account.unexpectedError'));
    }
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await send('sms');
  };

  const send = async (channel: 'sms' | 'whatsapp') => {
    if (!mobile || mobile.length < 10) {
      toast.error(t('messages.invalidMobile'));
      return;
    }
    setSending(true);
    try {
      const response = await sendLoginOtp(mobile, channel);
      if (response.success) {
        toast.success(
          channel === 'sms'
            ? t('messages.otpSentMobile')
            : serverText(response.message, t('account.otpSentWhatsApp')),
        );
        goToVerify();
      } else {
        handleFailure(serverText(response.message, t('account.unexpectedError')));
      }
    } catch (failure) {
      handleFailure(failureText(failure, t('account.unexpectedError')), errorCodeOf(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthCard
      icon="phone"
      title={t('account.loginWithOtp')}
      subtitle={t('account.otpLoginSub')}
      footer={
        <div className="link-row">
          <Link to="/login">{t('account.loginWithEmail')}</Link>
          <Link to="/register">{t('account.createNewAccount')}</Link>
        </div>
      }
    >
      <form className="stack" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <TextField
          label={t('account.mobileNumber')}
          type="tel"
          inputMode="numeric"
          value={mobile}
          onChange={(value) => setMobile(value.replace(/\D/g, '').slice(0, 10))}
          autoComplete="tel-national"
          placeholder={t('account.mobilePlaceholder')}
          maxLength={10}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={sending}>
          {sending ? t('account.sending') : t('account.sendOtp')}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-block"
          disabled={sending}
          onClick={() => void send('whatsapp')}
        >
          {t('account.sendWhatsApp')}
        </button>
      </form>
    </AuthCard>
  );
}
