import { featureText } from '../../../shared/i18n/feature-text';
import { en } from './en';
import { kz } from './kz';
import { ru } from './ru';

/** The news texts, kept inside the feature and following the app's language switcher. */
export const { useText: useNewsText } = featureText('news', { ru, en, kz });
