import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDuration, formatNumber, formatTime } from './format';
import { FORMAT_TAGS } from './locales';
import { useLocale } from './use-locale';

/** Formatters bound to the active language; components re-render with new ones when it changes. */
export function useFormat() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return useMemo(() => {
    const tag = FORMAT_TAGS[locale];
    const units = { d: t('units.d'), h: t('units.h'), min: t('units.min'), s: t('units.s') };
    return {
      number: (value: number | bigint, fractionDigits = 0) => formatNumber(value, tag, fractionDigits),
      /** Sub-10 ms values keep one decimal: a fast probe is 0,4 ms, not 0 ms. */
      milliseconds: (ms: number) => `${formatNumber(ms, tag, ms < 10 ? 1 : 0)} ${t('units.ms')}`,
      duration: (seconds: number) => formatDuration(seconds, tag, units),
      dateTime: (value: string | number) => formatDateTime(value, tag),
      time: (value: string | number) => formatTime(value, tag),
    };
  }, [locale, t]);
}
