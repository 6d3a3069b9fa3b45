import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from '@/i18n/en';

export const i18nProvider = polyglotI18nProvider(() => englishMessages, 'en', [
  { locale: 'en', name: 'English' },
]);
