import type { Language } from '../../common/i18n/language.js';
import type { MailMessage } from '../../providers/smtp/smtp.adapter.js';
import { customerTexts } from '../notifications/i18n/index.js';

/** Who an account mail goes to, in their language. */
export interface AccountRecipient {
  email: string;
  name: string;
  language: Language;
}

export function verificationMail(to: AccountRecipient, link: string): MailMessage {
  const { verification } = customerTexts(to.language);
  return { to: to.email, subject: verification.subject, text: verification.body(to.name, link) };
}

export function passwordResetMail(to: AccountRecipient, link: string): MailMessage {
  const { passwordReset } = customerTexts(to.language);
  return { to: to.email, subject: passwordReset.subject, text: passwordReset.body(to.name, link) };
}
