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
  const message = isApiError(error) || error instanceof Error ? error.message : i18n.t('errors.unknown');
  notifications.show({ color: 'red', title, message });
}
