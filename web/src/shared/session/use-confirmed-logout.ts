import { useTranslation } from 'react-i18next';
import { confirmAction } from '../ui/confirm-dialog';
import { logout } from './session';

/** Logout asks first (001 §2), then signs out and goes to the root (the logout redirect target). */
export function useConfirmedLogout() {
  const { t } = useTranslation();
  return async () => {
    const ok = await confirmAction({
      title: t('shell.logout.title'),
      message: t('shell.logout.message'),
      confirmLabel: t('shell.logout.confirm'),
    });
    if (!ok) return;
    await logout();
    // A full load: nothing of the signed-in user stays in memory.
    window.location.assign('/');
  };
}
