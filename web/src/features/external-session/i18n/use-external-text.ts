import { featureText, type TextKey } from '../../../shared/i18n/feature-text';
import { en } from './en';
import { kz } from './kz';
import { ru, type ExternalMessages } from './ru';

export type ExternalKey = TextKey<ExternalMessages>;

/**
 * The phone's pages keep their texts in the feature (a public page loads no area's bundle) and follow
 * the language switcher of the public layout.
 */
export const { text: externalText, useText: useExternalText } = featureText<ExternalMessages>(
  'external-session',
  { ru, en, kz },
);
