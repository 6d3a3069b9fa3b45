import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ErrorCode } from '@zstore/contract/error-codes';
import { Messages } from '@zstore/contract/messages';
import { ApiError, errorCodeOf } from '@/api/client';
import { sendLoginOtp } from '@/api/otp';
import { TextField } from '@/components/TextField';
import { AuthCard } from './AuthCard';

const SEND_FAILED = 'An unexpected error occurred. Please try again.';

export default function OtpLoginPage() {
  const navigate = useNavigate();
  const [mobile, setMobile] = useState('');
  const [sending, setSending] = useState(false);

  const goToVerify = () => void navigate(`/otpverify/${mobile}`);

  const handleFailure = (message: string | undefined, code?: string) => {
    if (code === ErrorCode.MobileNotRegistered) {
      toast.warning(Messages.mobileNotRegisteredToast);
      void navigate('/register');
    } else if (code === ErrorCode.OtpCooldown) {
      // A code sent moments ago is still valid: let the user enter it.
      toast.info(message);
      goToVerify();
    } else {
      toast.error(message ?? SEND_FAILED);
    }
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await send('sms');
  };

  const send = async (channel: 'sms' | 'whatsapp') => {
    if (!mobile || mobile.length < 10) {
      toast.error(Messages.invalidMobile);
      return;
    }
    setSending(true);
    try {
      const response = await sendLoginOtp(mobile, channel);
      if (response.success) {
        toast.success(channel === 'sms' ? Messages.otpSentMobile : response.message);
        goToVerify();
      } else {
        handleFailure(response.message);
      }
    } catch (failure) {
      handleFailure(
        failure instanceof ApiError && !failure.isNetworkError ? failure.message : undefined,
        errorCodeOf(failure),
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthCard
      icon="phone"
      title="Login with Mobile OTP"
      subtitle="We will send a 4-digit code to your registered mobile number."
      footer={
        <div className="link-row">
          <Link to="/login">Login with Email</Link>
          <Link to="/register">Create New Account</Link>
        </div>
      }
    >
      <form className="stack" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <TextField
          label="Mobile Number"
          type="tel"
          inputMode="numeric"
          value={mobile}
          onChange={(value) => setMobile(value.replace(/\D/g, '').slice(0, 10))}
          autoComplete="tel-national"
          placeholder="10-digit mobile number"
          maxLength={10}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={sending}>
          {sending ? 'Sending...' : 'Send OTP'}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-block"
          disabled={sending}
          onClick={() => void send('whatsapp')}
        >
          Send on WhatsApp instead
        </button>
      </form>
    </AuthCard>
  );
}
