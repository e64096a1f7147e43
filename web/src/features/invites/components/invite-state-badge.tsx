import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InviteState } from '../model';

const COLORS: Record<InviteState, string> = {
  active: 'green',
  revoked: 'red',
  expired: 'gray',
  exhausted: 'orange',
};

export function InviteStateBadge({ state }: { state: InviteState }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[state]} variant="light" data-testid="invite-state">
      {t(`invites.states.${state}`)}
    </Badge>
  );
}
