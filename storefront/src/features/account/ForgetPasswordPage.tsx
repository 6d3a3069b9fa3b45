import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Messages } from '@zstore/contract/messages';
import { ApiError } from '@/api/client';
import { requestPasswordReset } from '@/api/password';
import { TextField } from '@/components/TextField';
import { AuthCard } from './AuthCard';
import { FormMessage, useTimedMessage } from './FormMessage';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const REQUEST_FAILED = 'An error occurred. Please try again.';

export default function ForgetPasswordPage() {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const { message, show } = useTimedMessage(5000);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!EMAIL_PATTERN.test(trimmed)) {
      show(Messages.invalidEmail, 'error');
      return;
    }
    setSending(true);
    try {
      const response = await requestPasswordReset(trimmed);
      show(response.msg ?? response.message ?? Messages.resetLinkSent, 'success');
    } catch (failure) {
      show(
        failure instanceof ApiError && !failure.isNetworkError ? failure.message : REQUEST_FAILED,
        'error',
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthCard
      icon="mail"
      title="Forgot Password"
      subtitle="Enter your account email and we will send you a link to set a new password."
      footer={
        <div className="link-row">
          <Link to="/login">Back to Login</Link>
          <Link to="/register">Create New Account</Link>
        </div>
      }
    >
      <form className="stack" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <TextField
          label="Email"
          type="email"
          value={email}
          onChange={setEmail}
          autoComplete="email"
          placeholder="you@example.com"
        />
        <FormMessage message={message} />
        <button type="submit" className="btn btn-primary btn-block" disabled={sending}>
          {sending ? 'Sending...' : 'Reset Password'}
        </button>
      </form>
    </AuthCard>
  );
}
