import type { ApiBody } from '@zstore/contract/api';
import { Messages } from '@zstore/contract/messages';
import type { AuthProvider, UserIdentity } from 'react-admin';
import { forgetSession, readToken, readUser, writeSession } from '@/session';
import type { Role, SessionUser } from '@/types';

/** Why the admin was sent to the login page; kept in session storage, which survives the clear. */
const SIGN_OUT_REASON_KEY = 'admin.signOutReason';
const REQUIRED_ROLES: Role[] = ['admin'];

interface ApiAnswer {
  status: number;
  ok: boolean;
  body: Record<string, unknown> | null;
}

interface LoginParams {
  email: string;
  password: string;
}

/** Spec 002: an invalid token or a disallowed role clears local storage. */
const endSession = (reason: string) => {
  localStorage.clear();
  sessionStorage.setItem(SIGN_OUT_REASON_KEY, reason);
};

/** The reason the last session ended, once. */
export const takeSignOutReason = (): string | null => {
  const reason = sessionStorage.getItem(SIGN_OUT_REASON_KEY);
  sessionStorage.removeItem(SIGN_OUT_REASON_KEY);
  return reason;
};

const serverText = (body: ApiAnswer['body']): string | undefined => {
  const text = body?.msg ?? body?.message;
  return typeof text === 'string' && text ? text : undefined;
};

const postJson = async (path: string, payload: unknown, token?: string): Promise<ApiAnswer> => {
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(path, {
    method: 'POST',
    headers,
    body: JSON.stringify(payload),
  }).catch(() => {
    throw new Error('app.error.generic');
  });
  const body = (await response.json().catch(() => null)) as ApiAnswer['body'];
  return { status: response.status, ok: response.ok, body };
};

const isAllowed = (role: unknown): role is Role => REQUIRED_ROLES.includes(role as Role);

let pendingValidation: Promise<void> | null = null;

const validateToken = async (token: string): Promise<void> => {
  const answer = await postJson(
    '/api/auth/validateuser',
    { requiredRoles: REQUIRED_ROLES } satisfies ApiBody<'/auth/validateuser', 'post'>,
    token,
  );
  if (answer.ok && isAllowed(answer.body?.role)) return;
  if (answer.ok || answer.status === 401 || answer.status === 403) {
    const reason = (!answer.ok && serverText(answer.body)) || Messages.forbidden;
    endSession(reason);
    throw new Error(reason);
  }
  throw new Error(serverText(answer.body) ?? 'ra.auth.auth_check_error');
};

export const authProvider: AuthProvider = {
  async login({ email, password }: LoginParams) {
    const answer = await postJson('/api/auth/login', {
      email,
      password,
    } satisfies ApiBody<'/auth/login', 'post'>);
    if (!answer.ok) throw new Error(serverText(answer.body) ?? 'ra.auth.sign_in_error');
    const token = answer.body?.token;
    const user = answer.body?.user as SessionUser | undefined;
    if (typeof token !== 'string' || !user) throw new Error('ra.auth.sign_in_error');
    if (!isAllowed(user.role)) throw new Error(Messages.forbidden);
    writeSession(token, user);
  },

  logout() {
    forgetSession();
    return Promise.resolve();
  },

  async checkAuth() {
    const token = readToken();
    // react-admin shows no notification for a rejection whose message is false.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (!token) throw { message: false };
    // react-admin may ask several times for one navigation; one request answers them all.
    pendingValidation ??= validateToken(token).finally(() => {
      pendingValidation = null;
    });
    return pendingValidation;
  },

  checkError(error: { status?: number; message?: string }) {
    const status = error?.status;
    if (status === 401 || status === 403) {
      const reason = error.message || Messages.forbidden;
      endSession(reason);
      return Promise.reject(new Error(reason));
    }
    return Promise.resolve();
  },

  getIdentity(): Promise<UserIdentity> {
    const user = readUser();
    if (!user) return Promise.reject(new Error('ra.auth.auth_check_error'));
    return Promise.resolve({ id: user._id, fullName: user.name, email: user.email });
  },

  canAccess() {
    return Promise.resolve(isAllowed(readUser()?.role));
  },
};
