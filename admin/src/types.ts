import type { RaRecord } from 'react-admin';

export type Role = 'user' | 'reseller' | 'admin';

/** The flags travel as the strings 'true' / 'false', as the spec shows them. */
export type FlagString = 'true' | 'false';

/** The user as `POST /api/auth/login` returns it. */
export interface SessionUser {
  _id: string;
  userid: number;
  name: string;
  email: string;
  mobilenumber: string | null;
  role: Role;
  verified: FlagString;
  isBlocked: FlagString;
  createdAt: string;
}

/** A row of `/api/admin/rest/users`. */
export interface User extends RaRecord {
  _id: string;
  userid: number;
  name: string;
  email: string;
  mobilenumber: string | null;
  role: Role;
  verified: FlagString;
  isBlocked: FlagString;
  /** Wallet balance in rupees. */
  balance: number;
  createdAt: string;
}
