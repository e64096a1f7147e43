import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales';

/** The active interface language; re-renders when it changes. */
export function useLocale(): { locale: Locale } {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return { locale: isLocale(language) ? language : DEFAULT_LOCALE };
}
