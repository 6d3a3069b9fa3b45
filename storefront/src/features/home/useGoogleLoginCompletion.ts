import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { fetchGoogleLoginResult } from '@/api/auth';
import { ApiError } from '@/api/client';
import { useSession } from '@/auth/SessionContext';
import { returnTo } from '@/auth/returnTo';

/** Finishes a Google sign-in when the server sends the browser to /home?success=... */
export function useGoogleLoginCompletion() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const success = searchParams.get('success');
  const handled = useRef(false);

  useEffect(() => {
    if (success === null || handled.current) return;
    handled.current = true;

    if (success !== 'true') {
      toast.error('Google Authentication Failed');
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
            ? 'Google Authentication Failed'
            : 'Failed to fetch user data from Google Login',
        ),
      )
      .finally(() => void navigate(returnTo(), { replace: true }));
  }, [success, navigate, signIn]);
}
