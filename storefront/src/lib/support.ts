import type { User } from '@/api/types';

const env = import.meta.env as Record<string, string | undefined>;

export const SUPPORT_WHATSAPP = env.VITE_SUPPORT_WHATSAPP || '919000000000';
export const SUPPORT_EMAIL = env.VITE_SUPPORT_EMAIL || 'support@zstore.in';
export const SUPPORT_PHONE = env.VITE_SUPPORT_PHONE || `+${SUPPORT_WHATSAPP}`;

export const SOCIAL_LINKS = [
  {
    label: 'Instagram',
    icon: 'instagram',
    href: env.VITE_INSTAGRAM_URL || 'https://instagram.com',
  },
  { label: 'YouTube', icon: 'youtube', href: env.VITE_YOUTUBE_URL || 'https://youtube.com' },
  { label: 'Telegram', icon: 'telegram', href: env.VITE_TELEGRAM_URL || 'https://t.me' },
] as const;

/** A WhatsApp chat link prefilled with who is asking, so support can find the account. */
export function supportChatLink(user: User | null): string {
  const lines = ['Hi, I need help with my order.'];
  if (user) {
    lines.push(`Name: ${user.name}`);
    lines.push(`Mobile: ${user.mobilenumber || 'N/A'}`);
    lines.push(`Email: ${user.email}`);
  }
  return `https://wa.me/${SUPPORT_WHATSAPP}?text=${encodeURIComponent(lines.join('\n'))}`;
}

/** A WhatsApp chat about one order, prefilled with its id so support can find it at once. */
export function orderSupportChatLink(orderid: string): string {
  const text = `Hi, my order ${orderid} is taking longer than promised. Can you check it?`;
  return `https://wa.me/${SUPPORT_WHATSAPP}?text=${encodeURIComponent(text)}`;
}

/** An e-mail to support about one order, its id in the subject. */
export function orderSupportMailLink(orderid: string): string {
  const subject = `Order ${orderid} is taking longer than promised`;
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`;
}
