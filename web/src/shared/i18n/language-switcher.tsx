import { SegmentedControl, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLocale } from './i18n';
import { isLocale, LOCALE_NAMES, LOCALES } from './locales';
import { useLocale } from './use-locale';

// Three languages fit side by side, so every choice stays one click away and visible at a glance.
const options = LOCALES.map((locale) => ({
  value: locale,
  label: (
    <span title={LOCALE_NAMES[locale]} lang={locale === 'kz' ? 'kk' : locale}>
      {locale.toUpperCase()}
    </span>
  ),
}));

export function LanguageSwitcher({ size = 'xs' }: { size?: MantineSize }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <SegmentedControl
      data-testid="language-switcher"
      aria-label={t('language.label')}
      size={size}
      value={locale}
      data={options}
      onChange={(value) => {
        if (isLocale(value)) void changeLocale(value);
      }}
    />
  );
}
