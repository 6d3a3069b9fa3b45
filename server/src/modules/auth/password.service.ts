import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import { AppError, ErrorCode } from '../../common/errors/app-error.js';
import { passwordProblem } from '../../common/password-rules.js';

/** OWASP's minimum for Argon2id: 19 MiB, 2 passes, 1 lane. */
const HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * node-argon2 writes the parameters as `m=,p=,t=`; the reference encoding, which other Argon2
 * libraries parse strictly, is `m=,t=,p=` (`$argon2id$v=19$m=19456,t=2,p=1$...`).
 */
const referenceEncoding = (hash: string) =>
  hash.replace(/\$m=(\d+),p=(\d+),t=(\d+)\$/, '$m=$1,t=$3,p=$2$');

/** A real hash to spend the same time on when there is no account, so timing reveals less. */
const DUMMY_HASH = argon2.hash('not-a-real-password', HASH_OPTIONS);

@Injectable()
export class PasswordService {
  /** The rules of `passwordProblem`: 8-128 characters, not a common password. */
  assertAcceptable(password: string, extra: Record<string, unknown> = {}) {
    const problem = passwordProblem(password);
    if (problem) throw new AppError(ErrorCode.WeakPassword, problem, 400, extra);
  }

  async hash(password: string) {
    return referenceEncoding(await argon2.hash(password, HASH_OPTIONS));
  }

  async verify(hash: string | null | undefined, password: string) {
    if (!hash) {
      await argon2.verify(await DUMMY_HASH, password).catch(() => false);
      return false;
    }
    return argon2.verify(hash, password).catch(() => false);
  }

  needsRehash(hash: string) {
    return argon2.needsRehash(hash, HASH_OPTIONS);
  }
}
