import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n';
import { isApiError } from './api-error';

// One toast for "no answer" at a time: several queries failing together should not stack copies.
const UNANSWERED_TOAST_ID = 'api-unanswered';

/** Tells the user a request failed; the title is the product's generic 'Произошла ошибка.'. */
export function showErrorToast(error: unknown): void {
  const title = i18n.t('errors.title');
  if (isApiError(error) && error.isUnanswered) {
    notifications.show({
      id: UNANSWERED_TOAST_ID,
      color: 'red',
      title,
      message: i18n.t('errors.noResponse'),
    });
    return;
  }
  notifications.show({ color: 'red', title, message: toastMessage(error) });
}

/**
 * The toast's text: an answer with field errors shows their texts joined (001 §8: "the errors are
 * stored per field and their texts concatenated"), otherwise the answer's own message.
 */
export function toastMessage(error: unknown): string {
  if (isApiError(error)) {
    const texts = Object.values(error.errors).flat();
    if (texts.length > 0) return [...new Set(texts)].join(' ');
  }
  return isApiError(error) || error instanceof Error ? error.message : i18n.t('errors.unknown');
}
