import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { fetchGoogleLoginResult } from '@/api/auth';
import { ApiError } from '@/api/client';
import { useSession } from '@/auth/SessionContext';
import { returnTo } from '@/auth/returnTo';

const GOOGLE_FAILED = 'Google Authentication Failed';

/** Why Google signed no one in (the server's `reason`), and what to do instead. */
const REFUSALS: Record<string, string> = {
  unverified:
    "Google Authentication Failed: Google has not verified this account's e-mail address, so it cannot sign you in here. Verify the address in your Google account, or sign in with your e-mail and password or a mobile OTP.",
  linked:
    'Google Authentication Failed: the account with this e-mail is linked to another Google account. Sign in with your e-mail and password or a mobile OTP.',
};

/** Finishes a Google sign-in when the server sends the browser to /home?success=... */
export function useGoogleLoginCompletion() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const success = searchParams.get('success');
  const reason = searchParams.get('reason') ?? '';
  const handled = useRef(false);

  useEffect(() => {
    if (success === null || handled.current) return;
    handled.current = true;

    if (success !== 'true') {
      toast.error(REFUSALS[reason] ?? GOOGLE_FAILED, { autoClose: REFUSALS[reason] ? 8000 : 3000 });
      void navigate('/home', { replace: true });
      return;
    }

    fetchGoogleLoginResult()
      .then(({ token, user }) => {
        if (token && user) {
          signIn(token, user);
        } else {
          toast.error('Failed to retrieve user data');
        }
      })
      .catch((failure: unknown) =>
        toast.error(
          failure instanceof ApiError && !failure.isNetworkError
            ? GOOGLE_FAILED
            : 'Failed to fetch user data from Google Login',
        ),
      )
      .finally(() => void navigate(returnTo(), { replace: true }));
  }, [success, reason, navigate, signIn]);
}
