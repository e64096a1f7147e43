export { changeLocale, currentLocale, i18n } from './i18n';
export { LanguageSwitcher } from './language-switcher';
export { formatDateTime, formatDuration, formatNumber, formatTime, type DurationUnits } from './format';
export {
  DEFAULT_LOCALE,
  FORMAT_TAGS,
  LOCALE_NAMES,
  LOCALE_TAGS,
  LOCALES,
  isLocale,
  type Locale,
} from './locales';
export { useLocale } from './use-locale';
export { useFormat } from './use-format';
