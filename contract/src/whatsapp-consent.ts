/**
 * The words a customer agrees to when turning on WhatsApp messages. The server records this
 * exact text with each opt-in, so a change of wording makes a new version here, never an edit.
 */
export const WHATSAPP_CONSENT_TEXT =
  'Send me order updates and sign-in codes on WhatsApp at my mobile number. I can stop them any time by replying STOP or in my profile.';

/** Where a customer turned WhatsApp messages on or off. */
export const WHATSAPP_CONSENT_CHANNELS = ['checkout', 'profile', 'whatsapp'] as const;
export type WhatsAppConsentChannel = (typeof WHATSAPP_CONSENT_CHANNELS)[number];
