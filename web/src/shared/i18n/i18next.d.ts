import 'i18next';
import type { Messages } from './locales/ru';

// Typed keys: a misspelt or removed key is a compile error instead of raw key text on a screen.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}
