import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { fetchGoogleLoginResult } from '@/api/auth';
import { ApiError } from '@/api/client';
import { useSession } from '@/auth/SessionContext';
import { returnTo } from '@/auth/returnTo';
import { i18n } from '@/i18n';

/** Why Google signed no one in (the server's `reason`), and what to do instead. */
const REFUSALS = { unverified: 'google.unverified', linked: 'google.linked' } as const;

const refusalOf = (reason: string) =>
  Object.hasOwn(REFUSALS, reason) ? REFUSALS[reason as keyof typeof REFUSALS] : undefined;

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
      const refusal = refusalOf(reason);
      toast.error(i18n.t(refusal ?? 'google.failed'), { autoClose: refusal ? 8000 : 3000 });
      void navigate('/home', { replace: true });
      return;
    }

    fetchGoogleLoginResult()
      .then(({ token, user }) => {
        if (token && user) {
          signIn(token, user);
        } else {
          toast.error(i18n.t('google.noUser'));
        }
      })
      .catch((failure: unknown) =>
        toast.error(
          failure instanceof ApiError && !failure.isNetworkError
            ? i18n.t('google.failed')
            : i18n.t('google.fetchFailed'),
        ),
      )
      .finally(() => void navigate(returnTo(), { replace: true }));
  }, [success, reason, navigate, signIn]);
}
