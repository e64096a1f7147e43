import { featureText, type TextKey } from '../../../shared/i18n/feature-text';
import { en } from './en';
import { kz } from './kz';
import { ru, type ExamMessages } from './ru';

export type ExamKey = TextKey<ExamMessages>;

/**
 * The exam client's texts, kept inside the feature (their own typed bundle) and following the app's
 * language switcher.
 */
export const { text: examText, useText: useExamText } = featureText<ExamMessages>('exam-client', {
  ru,
  en,
  kz,
});
