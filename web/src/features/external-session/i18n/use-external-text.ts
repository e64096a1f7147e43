import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { en } from './en';
import { kz } from './kz';
import { ru, type ExternalMessages } from './ru';

const BUNDLES: Record<string, ExternalMessages> = { ru, en, kz };

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type ExternalKey = Leaves<ExternalMessages>;

/** Looks up a dotted key in a bundle, falling back to Russian, and fills `{{name}}` placeholders. */
export function externalText(
  language: string,
  key: ExternalKey,
  values: Record<string, string | number> = {},
): string {
  const find = (bundle: ExternalMessages) =>
    key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundle);
  const found = find(BUNDLES[language] ?? ru);
  const text = typeof found === 'string' ? found : String(find(ru) ?? key);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/**
 * The phone's pages keep their texts in the feature (a public page loads no area's bundle) and follow
 * the language switcher of the public layout.
 */
export function useExternalText() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback(
    (key: ExternalKey, values?: Record<string, string | number>) => externalText(language, key, values),
    [language],
  );
}
