import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n';

/** A catalogue error as a toast, titled like every other failure. */
export function notifyError(message: string): void {
  notifications.show({ color: 'red', title: i18n.t('errors.title'), message });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message });
}
