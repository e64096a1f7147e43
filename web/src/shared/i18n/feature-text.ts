import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from './i18n';

/** Every dotted path to a string in a bundle of texts. */
export type TextKey<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : TextKey<T[K], `${P}${K}.`>;
}[keyof T & string];

type Values = Record<string, string | number>;

/** i18next's `t` seen without the app's typed keys: the typing is `TextKey<M>` of the feature's bundle. */
type Lookup = (key: string, options?: Record<string, unknown>) => string;
const untyped = i18n as unknown as { getFixedT(language: string, namespace: string): Lookup };

/**
 * A placeholder given no value reads as nothing rather than as its raw `{{name}}` (i18next leaves it
 * by default), as the features' texts were written for.
 */
const EMPTY_WHEN_MISSING = { missingInterpolationHandler: () => '' };

/**
 * Texts a feature keeps inside itself (a typed bundle per language, Russian the source) registered as
 * the feature's own i18next namespace when its module is imported, so a page that loads nothing else
 * still has them and the app has one text system: same language, Russian fallback (the i18next
 * `fallbackLng`), `{{name}}` interpolation left unescaped because React escapes what it renders.
 * `text` looks a dotted key up for a given language; `useText` follows the app's language switcher.
 */
export function featureText<M extends object>(namespace: string, bundles: { ru: M } & Record<string, M>) {
  for (const [language, bundle] of Object.entries(bundles)) {
    i18n.addResourceBundle(language, namespace, bundle, true, true);
  }
  const text = (language: string, key: string, values: Values = {}): string =>
    untyped.getFixedT(language, namespace)(key, { ...values, ...EMPTY_WHEN_MISSING });
  const useText = () => {
    // Subscribes to the language switcher; the lookup itself is i18next's `t` fixed to the namespace.
    const { i18n: current } = useTranslation();
    const language = current.resolvedLanguage ?? current.language;
    return useCallback((key: TextKey<M>, values?: Values) => text(language, key, values), [language]);
  };
  return { namespace, text, useText };
}
