import { HttpStatus } from '@nestjs/common';
import { isLookAlikeEmail } from '@zstore/contract/email-address';
import { AppError } from '../../common/errors/app-error.js';

export const EMAIL_LOOK_ALIKE = 'EMAIL_LOOK_ALIKE';

export const LOOK_ALIKE_EMAIL_MESSAGE =
  'This e-mail address mixes letters from different alphabets or holds invisible characters, so it could pass for another address. Please type it in one alphabet.';

/** Refuses an address that could pass for another (UTS #39 mixed scripts, invisible characters). */
export function assertNotLookAlike(email: string) {
  if (isLookAlikeEmail(email)) {
    throw new AppError(EMAIL_LOOK_ALIKE, LOOK_ALIKE_EMAIL_MESSAGE, HttpStatus.BAD_REQUEST);
  }
}
