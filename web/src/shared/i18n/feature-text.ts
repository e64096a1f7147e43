import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Every dotted path to a string in a bundle of texts. */
export type TextKey<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : TextKey<T[K], `${P}${K}.`>;
}[keyof T & string];

type Values = Record<string, string | number>;

/**
 * Texts a feature keeps inside itself (a typed bundle per language, Russian the source and fallback)
 * rather than in the app's i18next resources, so pages that load no area's bundle can carry them.
 * `text` looks a dotted key up in the language's bundle, falls back to Russian, and fills `{{name}}`
 * placeholders; `useText` follows the app's language switcher.
 */
export function featureText<M extends object>(bundles: { ru: M } & Record<string, M>) {
  const text = (language: string, key: string, values: Values = {}): string => {
    const find = (bundle: M) =>
      key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundle);
    const found = find(bundles[language] ?? bundles.ru);
    const chosen = typeof found === 'string' ? found : String(find(bundles.ru) ?? key);
    return chosen.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
  const useText = () => {
    const { i18n } = useTranslation();
    const language = i18n.resolvedLanguage ?? i18n.language;
    return useCallback((key: TextKey<M>, values?: Values) => text(language, key, values), [language]);
  };
  return { text, useText };
}
