import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** An action type in the interface language; a type the vocabulary does not know is shown as stored. */
export function useActionTypeLabel(): (type: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (type: string) => {
      const key = `analytics.actionTypes.${type}`;
      return i18n.exists(key) ? (t(key as never) as string) : type;
    },
    [t, i18n],
  );
}
