import { Accounts1763800000000 } from './1763800000000-Accounts.js';
import { AuditLog1763800000100 } from './1763800000100-AuditLog.js';

/** Every migration, oldest first. Listed explicitly so the build and the tests load the same set. */
export const migrations = [Accounts1763800000000, AuditLog1763800000100];
