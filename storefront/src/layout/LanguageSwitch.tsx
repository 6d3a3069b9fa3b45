import { useTranslation } from 'react-i18next';
import { switchLanguage } from '@/i18n';
import { LANGUAGES, type Language } from '@/i18n/language';

/** Each language named in its own script, so a visitor finds theirs whatever is shown. */
const NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

/** English or Hindi: shown at once and remembered for the next visit. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('layout.language')}
      className={`language-switch ${className ?? ''}`}
    >
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="language-option"
          aria-pressed={i18n.language === language}
          onClick={() => void switchLanguage(language)}
        >
          {NAMES[language]}
        </button>
      ))}
    </div>
  );
}
