import { featureText } from '../../../shared/i18n/feature-text';
import { en } from './en';
import { kz } from './kz';
import { ru } from './ru';

/** The chat's texts, kept inside the feature and following the app's language switcher. */
export const { useText: useChatText, text: chatText } = featureText('chat', { ru, en, kz });
