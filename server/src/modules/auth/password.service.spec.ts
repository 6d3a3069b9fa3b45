import argon2 from 'argon2';
import { AppError, ErrorCode } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import { PasswordService } from './password.service.js';

const REFERENCE_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';

function refusal(run: () => void) {
  try {
    run();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected the password to be refused');
}

describe('PasswordService', () => {
  const passwords = new PasswordService();

  describe('assertAcceptable', () => {
    it.each([
      ['8 characters', 'qzxwvpty'],
      ['128 characters', 'k'.repeat(128)],
      ['only lower-case letters', 'correcthorsebatterystaple'],
      ['only digits', '73915046'],
      ['leading and trailing spaces', ' spaced pass 1 '],
      ['non-ASCII letters', 'पासवर्ड सुरक्षित है'],
    ])('accepts %s', (_, password) => {
      expect(() => passwords.assertAcceptable(password)).not.toThrow();
    });

    it.each([
      ['7 characters', 'qzxwvpt', Messages.passwordTooShort],
      ['an empty password', '', Messages.passwordTooShort],
      ['129 characters', 'k'.repeat(129), Messages.passwordTooLong],
      ['the commonest password', 'password', Messages.passwordTooCommon],
      ['a common password in another case', 'PassWord', Messages.passwordTooCommon],
      ['a common password with digits', 'qwerty123', Messages.passwordTooCommon],
      ['a common password far down the list', 'fishcake', Messages.passwordTooCommon],
      ['a common password of recent lists', 'password123', Messages.passwordTooCommon],
    ])('refuses %s with 400 and its message', (_, password, message) => {
      const error = refusal(() => passwords.assertAcceptable(password));
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 400, code: ErrorCode.WeakPassword, message });
    });

    it('does not count spaces away: 7 characters inside spaces are 9', () => {
      expect(() => passwords.assertAcceptable(' qzxwvpt ')).not.toThrow();
      expect(() => passwords.assertAcceptable('qzxwvpt')).toThrow(AppError);
    });

    it('carries the fields a caller adds to the refusal', () => {
      const error = refusal(() => passwords.assertAcceptable('short', { code: '1' }));
      expect(error.extra).toEqual({ code: '1' });
    });
  });

  describe('hash and verify', () => {
    let hash: string;
    beforeAll(async () => {
      hash = await passwords.hash(' spaced pass 1 ');
    });

    it('writes Argon2id with m=19456, t=2, p=1 in the reference encoding', () => {
      expect(hash.startsWith(REFERENCE_PREFIX)).toBe(true);
      expect(hash.split('$')).toHaveLength(6);
    });

    it('salts every hash', async () => {
      expect(await passwords.hash(' spaced pass 1 ')).not.toBe(hash);
    });

    it('verifies exactly the password that was hashed', async () => {
      expect(await passwords.verify(hash, ' spaced pass 1 ')).toBe(true);
      expect(await passwords.verify(hash, 'spaced pass 1')).toBe(false);
      expect(await passwords.verify(hash, ' spaced pass 1  ')).toBe(false);
    });

    it('answers false without a hash or with a malformed one', async () => {
      expect(await passwords.verify(null, 'anything at all')).toBe(false);
      expect(await passwords.verify(undefined, 'anything at all')).toBe(false);
      expect(await passwords.verify('not-a-hash', 'anything at all')).toBe(false);
    });

    it('still verifies hashes in the library’s own parameter order', async () => {
      const libraryOrder = hash.replace('m=19456,t=2,p=1', 'm=19456,p=1,t=2');
      expect(await passwords.verify(libraryOrder, ' spaced pass 1 ')).toBe(true);
      expect(passwords.needsRehash(libraryOrder)).toBe(false);
    });

    it('asks for a rehash only of hashes weaker than the current parameters', async () => {
      expect(passwords.needsRehash(hash)).toBe(false);
      const weaker = await argon2.hash('legacy password', {
        type: argon2.argon2id,
        memoryCost: 4096,
        timeCost: 1,
        parallelism: 1,
      });
      expect(passwords.needsRehash(weaker)).toBe(true);
      const argon2i = await argon2.hash('legacy password', {
        type: argon2.argon2i,
        memoryCost: 19_456,
        timeCost: 2,
        parallelism: 1,
      });
      expect(await passwords.verify(argon2i, 'legacy password')).toBe(true);
    });
  });
});
