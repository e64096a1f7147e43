import { useTranslation } from 'react-i18next';
import type { AccessError } from './errors';

/** The text of a catalogue error in the current language, or the platform's own message. */
export function useAccessErrorText() {
  const { t } = useTranslation();
  return (error: AccessError): string =>
    error.key ? t(`auth.errors.${error.key}`) : (error.message ?? t('auth.errors.unknown'));
}
