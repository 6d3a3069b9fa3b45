import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { forgetAccountData } from '@/api/queryClient';
import type { User } from '@/api/types';
import {
  clearStoredSession,
  readSession,
  writeSession,
  writeUser,
  type StoredSession,
} from './sessionStorage';

interface SessionValue {
  user: User | null;
  token: string | null;
  isLoggedIn: boolean;
  signIn: (token: string, user: User) => void;
  signOut: () => void;
  replaceUser: (user: User) => void;
}

const SessionContext = createContext<SessionValue | null>(null);

function restoreSession(): StoredSession | null {
  const session = readSession();
  if (!session && localStorage.getItem('isLoggedIn')) clearStoredSession();
  return session;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<StoredSession | null>(restoreSession);
  const queryClient = useQueryClient();

  const signIn = useCallback((token: string, user: User) => {
    setSession(writeSession(token, user));
  }, []);

  const signOut = useCallback(() => {
    clearStoredSession();
    setSession(null);
    forgetAccountData(queryClient);
  }, [queryClient]);

  const replaceUser = useCallback((user: User) => {
    writeUser(user);
    setSession((current) => (current ? { ...current, user } : current));
  }, []);

  useEffect(() => {
    if (!session) return;
    const timer = window.setTimeout(signOut, Math.max(0, session.expiryTime - Date.now()));
    return () => window.clearTimeout(timer);
  }, [session, signOut]);

  const value = useMemo<SessionValue>(
    () => ({
      user: session?.user ?? null,
      token: session?.token ?? null,
      isLoggedIn: session !== null,
      signIn,
      signOut,
      replaceUser,
    }),
    [session, signIn, signOut, replaceUser],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
