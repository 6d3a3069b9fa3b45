import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from './SessionContext';
import { returnTo } from '@/auth/returnTo';

/** Account pages (login, register, recovery) send a signed-in user home. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { isLoggedIn } = useSession();
  if (isLoggedIn) return <Navigate to={returnTo()} replace />;
  return children;
}
