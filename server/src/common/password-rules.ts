import { dictionary } from '@zxcvbn-ts/language-common';
import { Messages } from '@zstore/contract/messages';

/** About 49,000 of the passwords seen most often in breaches, lower-case (zxcvbn-ts, MIT). */
const commonPasswords = new Set(dictionary['passwords-common']);

/**
 * Why a password is refused (the user-facing text), or undefined when it is acceptable: 8 to 128
 * characters and not a common password in any letter case. No composition rules, no trimming.
 */
export function passwordProblem(password: string): string | undefined {
  if (password.length < 8) return Messages.passwordTooShort;
  if (password.length > 128) return Messages.passwordTooLong;
  if (commonPasswords.has(password.toLowerCase())) return Messages.passwordTooCommon;
  return undefined;
}
