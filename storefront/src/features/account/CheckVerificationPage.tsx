import { Link } from 'react-router';
import { Icon } from '@/components/Icon';
import { AuthCard } from './AuthCard';

export default function CheckVerificationPage() {
  return (
    <AuthCard
      icon="mail"
      title="Verify Your Email"
      subtitle="Your email address is not verified yet."
      footer={
        <>
          Verified already? <Link to="/login">Login</Link>
        </>
      }
    >
      <div className="stack">
        <p>
          We have sent a verification link to your email address. Please check your{' '}
          <strong>inbox</strong>, and your <strong>spam</strong> or promotions folder if you cannot
          find it, then open the link to activate your account.
        </p>
        <p className="muted">
          The link is valid for 24 hours. Logging in again sends a fresh link if this one has
          expired.
        </p>
        <a
          className="btn btn-primary btn-block"
          href="https://mail.google.com/"
          target="_blank"
          rel="noreferrer"
        >
          <Icon name="external" size={18} /> Open Gmail
        </a>
      </div>
    </AuthCard>
  );
}
