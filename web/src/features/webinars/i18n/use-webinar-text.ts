import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { en } from './en';
import { kz } from './kz';
import { ru, type WebinarMessages } from './ru';

const BUNDLES: Record<string, WebinarMessages> = { ru, en, kz };

/** The webinar's texts, kept inside the feature and following the app's language switcher. */
export function useWebinarText() {
  const { i18n } = useTranslation();
  const bundle = BUNDLES[i18n.resolvedLanguage ?? i18n.language] ?? ru;
  return useCallback(
    (key: keyof WebinarMessages, values: Record<string, string | number> = {}) =>
      bundle[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? '')),
    [bundle],
  );
}
