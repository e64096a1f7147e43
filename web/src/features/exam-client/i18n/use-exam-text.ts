import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { en } from './en';
import { kz } from './kz';
import { ru, type ExamMessages } from './ru';

const BUNDLES: Record<string, ExamMessages> = { ru, en, kz };

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type ExamKey = Leaves<ExamMessages>;

/** Looks up a dotted key in a bundle, falling back to Russian, and fills `{{name}}` placeholders. */
export function examText(
  language: string,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const find = (bundle: ExamMessages) =>
    key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundle);
  const found = find(BUNDLES[language] ?? ru);
  const text = typeof found === 'string' ? found : String(find(ru) ?? key);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/**
 * The exam client's texts, kept inside the feature (their own typed bundle) and following the app's
 * language switcher.
 */
export function useExamText() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback(
    (key: ExamKey, values?: Record<string, string | number>) => examText(language, key, values),
    [language],
  );
}
