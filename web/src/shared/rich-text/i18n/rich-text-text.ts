import { featureText } from '../../i18n/feature-text';
import { en } from './en';
import { kz } from './kz';
import { ru } from './ru';

/** The editor's texts, registered when the editor loads and following the app's language switcher. */
export const { useText: useRichTextText } = featureText('rich-text', { ru, en, kz });
