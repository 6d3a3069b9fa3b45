import type { MailMessage } from '../../providers/smtp/smtp.adapter.js';

export function verificationMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Verify your e-mail for Z Store',
    text: `Hi ${name},\n\nPlease verify your e-mail address by opening this link (valid for 24 hours):\n${link}\n\nIf you did not create a Z Store account, ignore this e-mail.`,
  };
}

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Z Store password',
    text: `Hi ${name},\n\nOpen this link to choose a new password (valid for 30 minutes, usable once):\n${link}\n\nIf you did not ask for this, ignore this e-mail; your password stays as it is.`,
  };
}
