import messages from '@/i18n/en';

/**
 * The console's text for a message key (`app.login.email`), or the message itself when it is
 * no key, as react-admin's notifications do; the sign-in page has no react-admin to ask.
 */
export function translate(keyOrText: string): string {
  let found: unknown = messages;
  for (const part of keyOrText.split('.')) {
    found =
      found && typeof found === 'object' ? (found as Record<string, unknown>)[part] : undefined;
  }
  return typeof found === 'string' ? found : keyOrText;
}
