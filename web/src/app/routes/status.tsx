import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../features/status/components/status-page';

export function StatusRoute() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('status.title')} · ${t('app.name')}`);
  return <StatusPage />;
}
