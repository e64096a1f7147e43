import { featureText } from '../../../shared/i18n/feature-text';
import { en } from './en';
import { kz } from './kz';
import { ru, type WebinarMessages } from './ru';

/** The webinar's texts, the feature's own i18next namespace, following the app's language switcher. */
export const { useText: useWebinarText } = featureText<WebinarMessages>('webinars', { ru, en, kz });
