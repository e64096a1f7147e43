import { featureText, type TextKey } from '../../../shared/i18n/feature-text';
import { en } from './en';
import { kz } from './kz';
import { ru, type QuickStartMessages } from './ru';

export type QuickStartKey = TextKey<QuickStartMessages>;

/** The quick start is public (it loads no area's bundle): its texts live in the feature. */
export const { text: quickStartText, useText: useQuickStartText } = featureText<QuickStartMessages>(
  'quick-start',
  {
    ru,
    en,
    kz,
  },
);
