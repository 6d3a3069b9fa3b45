import type { UserEntity } from './user.entity.js';

/** A user as the server works with it; the password hash is read only for a sign-in. */
export type User = Omit<UserEntity, 'passwordHash'> & {
  /** Only from `getByEmailWithPassword`. */
  passwordHash?: string | null;
};

/** What the auth guard checks (role, token version, block) and who the caller is. */
export type UserSession = Pick<
  UserEntity,
  | 'userid'
  | 'role'
  | 'tokenVersion'
  | 'isBlocked'
  | 'name'
  | 'email'
  | 'mobilenumber'
  | 'stateCode'
  | 'gstin'
>;
