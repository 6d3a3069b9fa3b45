import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { validateUser } from '@/api/auth';
import type { Role } from '@/api/types';
import { PageLoader } from '@/components/PageLoader';
import { useSession } from './SessionContext';

export const CUSTOMER_ROLES: Role[] = ['user', 'reseller', 'admin'];

interface Verdict {
  token: string;
  allowed: boolean;
}

/** Lets the page render only after the server confirms the token and the role. */
export function RequireRole({
  roles = CUSTOMER_ROLES,
  children,
}: {
  roles?: Role[];
  children: ReactNode;
}) {
  const { token, signOut } = useSession();
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const roleKey = roles.join(',');

  useEffect(() => {
    if (!token) return;
    let active = true;
    const requiredRoles = roleKey.split(',') as Role[];
    const decide = (allowed: boolean) => {
      if (!active) return;
      if (!allowed) signOut();
      setVerdict({ token, allowed });
    };
    validateUser(requiredRoles)
      .then(({ role }) => decide(requiredRoles.includes(role)))
      .catch(() => decide(false));
    return () => {
      active = false;
    };
  }, [token, roleKey, signOut]);

  if (!token) return <Navigate to="/login" replace />;
  if (verdict?.token !== token) return <PageLoader />;
  if (!verdict.allowed) return <Navigate to="/login" replace />;
  return children;
}
