import { featureText, type TextKey } from '../../../shared/i18n/feature-text';
import { en } from './en';
import { kz } from './kz';
import { ru, type ExternalAssignmentMessages } from './ru';

export type ExternalAssignmentKey = TextKey<ExternalAssignmentMessages>;

/**
 * External assignments keep their texts in the feature: the launch page is public (it loads no area's
 * bundle), and the student's and the teacher's pieces share the same words.
 */
export const { text: externalAssignmentText, useText: useExternalAssignmentText } =
  featureText<ExternalAssignmentMessages>('external-assignment', { ru, en, kz });
