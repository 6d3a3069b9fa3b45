import { startTransition, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from './SessionContext';

/**
 * Clears the session and moves to `to` in one render, so a protected page being left never
 * sees the signed-out state and sends the user to /login instead.
 */
export function useSignOut() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(
    (to: string) => {
      startTransition(() => {
        signOut();
        void navigate(to);
      });
    },
    [signOut, navigate],
  );
}
