import { featureText } from '../../../shared/i18n/feature-text';
import { en } from './en';
import { kz } from './kz';
import { ru } from './ru';

/** The recording block's texts, kept beside it and following the app's language switcher. */
export const { useText: useRecordingText } = featureText('student-recording', { ru, en, kz });
