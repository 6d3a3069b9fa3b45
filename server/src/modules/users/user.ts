import type { Role } from './role.js';

/** A user as the server works with it; the password hash is read only for a sign-in. */
export interface User {
  id: string;
  userid: number;
  name: string;
  email: string;
  mobilenumber: string | null;
  /** Only from `getByEmailWithPassword`. */
  passwordHash?: string | null;
  role: Role;
  verified: boolean;
  isBlocked: boolean;
  tokenVersion: number;
  googleSub: string | null;
  /** Z-Coins in paise. */
  balance: number;
  /** Reward points in hundredths of a point. */
  points: number;
  verificationSentAt: Date | null;
  /** GST state code of where the user lives (tax invoices), unset until asked. */
  stateCode: string | null;
  /** A reseller's GSTIN for their tax invoices. */
  gstin: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Every column of `users` but the password hash, in the order of `UserRow`. */
export const USER_COLUMNS = `id, userid, name, email, mobilenumber, role, verified, is_blocked, token_version,
  google_sub, balance, points, verification_sent_at, state_code, gstin, created_at, updated_at`;

/** A `users` row as PostgreSQL answers it; read only by `mapUserRow`. */
export interface UserRow {
  id: string;
  userid: string;
  name: string;
  email: string;
  mobilenumber: string | null;
  /** Only when the statement selects it. */
  password_hash?: string | null;
  role: Role;
  verified: boolean;
  is_blocked: boolean;
  token_version: number;
  google_sub: string | null;
  balance: string;
  points: string;
  verification_sent_at: Date | string | null;
  state_code: string | null;
  gstin: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export function mapUserRow(row: UserRow): User {
  const user: User = {
    id: row.id,
    userid: Number(row.userid),
    name: row.name,
    email: row.email,
    mobilenumber: row.mobilenumber,
    role: row.role,
    verified: row.verified,
    isBlocked: row.is_blocked,
    tokenVersion: row.token_version,
    googleSub: row.google_sub,
    balance: Number(row.balance),
    points: Number(row.points),
    verificationSentAt:
      row.verification_sent_at === null ? null : new Date(row.verification_sent_at),
    stateCode: row.state_code ?? null,
    gstin: row.gstin ?? null,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
  // Kept off every other read, so a user passed along can never carry the hash by accident.
  if (row.password_hash !== undefined) user.passwordHash = row.password_hash;
  return user;
}

/** The columns of `users` the auth guard reads on every request. */
export type UserSessionRow = Pick<
  UserRow,
  | 'userid'
  | 'role'
  | 'token_version'
  | 'is_blocked'
  | 'name'
  | 'email'
  | 'mobilenumber'
  | 'state_code'
>;

/** What the auth guard checks (role, token version, block) and who the caller is. */
export type UserSession = Pick<
  User,
  'userid' | 'role' | 'tokenVersion' | 'isBlocked' | 'name' | 'email' | 'mobilenumber' | 'stateCode'
>;

export function mapUserSessionRow(row: UserSessionRow): UserSession {
  return {
    userid: Number(row.userid),
    role: row.role,
    tokenVersion: row.token_version,
    isBlocked: row.is_blocked,
    name: row.name,
    email: row.email,
    mobilenumber: row.mobilenumber,
    stateCode: row.state_code,
  };
}
