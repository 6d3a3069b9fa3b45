/**
 * The message templates the store registers in WhatsApp Manager, as approved there: the name,
 * the category and each language's body with its `{{n}}` placeholders. The store sends only the
 * name, the language and the values; the simulator renders the body the way WhatsApp does.
 */
export type TemplateCategory = 'UTILITY' | 'AUTHENTICATION';

export interface WhatsAppTemplate {
  name: string;
  category: TemplateCategory;
  /** Body text per WhatsApp language code. */
  bodies: Record<string, string>;
}

export const WHATSAPP_TEMPLATES = {
  orderCompleted: {
    name: 'zstore_order_completed',
    category: 'UTILITY',
    bodies: {
      en: 'Your Z Store order {{1}} is complete: {{2}} was delivered to player {{3}} (in-game name: {{4}}).',
      hi: 'आपका Z Store ऑर्डर {{1}} पूरा हो गया है: {{2}} प्लेयर {{3}} को डिलीवर कर दिया गया (गेम में नाम: {{4}})।',
    },
  },
  orderRefunded: {
    name: 'zstore_order_refunded',
    category: 'UTILITY',
    bodies: {
      en: 'We refunded your Z Store order {{1}} ({{2}}). {{3}}',
      hi: 'हमने आपके Z Store ऑर्डर {{1}} ({{2}}) का रिफ़ंड कर दिया है। {{3}}',
    },
  },
  orderDelayed: {
    name: 'zstore_order_delayed',
    category: 'UTILITY',
    bodies: {
      en: 'Your Z Store order {{1}} ({{2}}) is taking longer than we promised. We are sorry: {{3}}',
      hi: 'आपके Z Store ऑर्डर {{1}} ({{2}}) में हमारे वादे से ज़्यादा समय लग रहा है। हमें खेद है: {{3}}',
    },
  },
  signInCode: {
    name: 'zstore_sign_in_code',
    category: 'AUTHENTICATION',
    bodies: {
      en: '{{1}} is your verification code. For your security, do not share this code.',
      hi: '{{1}} आपका वेरिफ़िकेशन कोड है। अपनी सुरक्षा के लिए यह कोड किसी को न बताएँ।',
    },
  },
} as const satisfies Record<string, WhatsAppTemplate>;

export type TemplateKey = keyof typeof WHATSAPP_TEMPLATES;

/** The language codes every template is approved in; anything else is sent in English. */
export const WHATSAPP_LANGUAGES = ['en', 'hi'] as const;

export function templateLanguage(language: string | null | undefined): string {
  return (WHATSAPP_LANGUAGES as readonly string[]).includes(language ?? '') ? language! : 'en';
}

/** A body's text with its values in place, as the customer reads it. */
export function renderTemplate(body: string, values: readonly string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => values[Number(n) - 1] ?? whole);
}

export function templateByName(name: string): WhatsAppTemplate | undefined {
  return Object.values(WHATSAPP_TEMPLATES).find((template) => template.name === name);
}

/** Placeholders in a body: the number of values a send must carry. */
export function placeholderCount(body: string): number {
  return new Set(body.match(/\{\{\d+\}\}/g) ?? []).size;
}
