import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS, type Assignment } from '../model';

export function StatusBadge({ status }: { status: Assignment['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="assignment-status">
      {t(`assignments.status.${status}`)}
    </Badge>
  );
}
