import { useMemo } from 'react';
import { FORMAT_TAGS, useLocale } from '../../../shared/i18n';

/** A day (YYYY-MM-DD) as the interface language writes a short date: 24.11 in Russian. */
export function useDayFormat(): (day: string) => string {
  const { locale } = useLocale();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(FORMAT_TAGS[locale], {
      day: '2-digit',
      month: '2-digit',
      timeZone: 'UTC',
    });
    return (day: string) => {
      const time = Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
      return Number.isFinite(time) ? format.format(time) : day;
    };
  }, [locale]);
}
