import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '../../../shared/ui/icons';
import type { Notification } from '../model';
import { useNotifications } from '../use-notifications';

/** The header's bell with the unread count (live pushes included); opens the panel. */
export function NotificationsBell({
  label,
  live,
  onClick,
}: {
  label: string;
  live: readonly Notification[];
  onClick: () => void;
}) {
  const { unread } = useNotifications(live);
  const text = unread > 99 ? '99+' : String(unread);
  return (
    <Tooltip label={label}>
      <Indicator label={text} size={16} disabled={unread === 0} offset={6} data-testid="notifications-badge">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={unread > 0 ? `${label}: ${unread}` : label}
          onClick={onClick}
          data-testid="header-notifications"
        >
          <IconBell />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
