import type { Role } from './entities/user.entity.js';

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
  createdAt: Date;
  updatedAt: Date;
}

/** The columns of `users` the auth guard reads on every request. */
export interface UserSessionRow {
  userid: string;
  role: Role;
  token_version: number;
  is_blocked: boolean;
  name: string;
  email: string;
  mobilenumber: string | null;
}

/** What the auth guard checks (role, token version, block) and who the caller is. */
export type UserSession = Pick<
  User,
  'userid' | 'role' | 'tokenVersion' | 'isBlocked' | 'name' | 'email' | 'mobilenumber'
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
  };
}
