import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readLocaleCookie, writeLocaleCookie } from './locale-cookie';
import { DEFAULT_LOCALE, isLocale, LOCALE_TAGS, LOCALES, type Locale } from './locales';
import { en } from './locales/en';
import { kz } from './locales/kz';
import { ru } from './locales/ru';

export const resources = {
  ru: { translation: ru },
  en: { translation: en },
  kz: { translation: kz },
} as const;

export const i18n = i18next.createInstance();

// The resources are bundled, so initialisation is synchronous: the first render already has its texts.
void i18n.use(initReactI18next).init({
  resources,
  lng: readLocaleCookie() ?? DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: LOCALES,
  // Our codes are whole (kz, not kz-KZ): do not let i18next look for regional variants.
  load: 'currentOnly',
  initAsync: false,
  // React already escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The active interface language, as sent in the `Locale` header. */
export function currentLocale(): Locale {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

/** Switches the interface language and remembers it in the `locale` cookie for a year. */
export async function changeLocale(locale: Locale): Promise<void> {
  writeLocaleCookie(locale);
  await i18n.changeLanguage(locale);
}

function reflectOnDocument(): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = LOCALE_TAGS[currentLocale()];
}

reflectOnDocument();
i18n.on('languageChanged', reflectOnDocument);
