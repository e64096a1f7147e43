import { Button, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { SidePanel } from '../../../shared/ui/side-panel';
import { messagesFor, notificationLink, type Notification } from '../model';
import { useNotifications } from '../use-notifications';
import { NotificationList } from './notification-list';

/**
 * The header's notification panel (000 §2, §7): the caller's notifications, unread first, with live
 * ones on top; opening one marks it read and goes to what it is about; "read all" marks the rest.
 */
export function NotificationsPanel({
  opened,
  onClose,
  live,
}: {
  opened: boolean;
  onClose: () => void;
  live: readonly Notification[];
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const words = messagesFor(language);
  const navigate = useNavigate();
  const area = useLocation().pathname.split('/')[1] ?? '';
  const feed = useNotifications(live);

  const open = (item: Notification) => {
    if (item.is_read !== true) feed.markRead.mutate(item.id);
    const link = notificationLink(item, area);
    if (link) {
      onClose();
      void navigate(link);
    }
  };

  return (
    <SidePanel
      opened={opened}
      onClose={onClose}
      title={t('shell.notifications.title')}
      description={t('shell.notifications.description')}
      footer={
        feed.unread > 0 ? (
          <Group justify="space-between">
            <Text size="sm" c="dimmed" data-testid="notifications-unread">
              {words.unread.replace('{{count}}', String(feed.unread))}
            </Text>
            <Button
              variant="light"
              size="xs"
              loading={feed.markAll.isPending}
              onClick={() => {
                feed.refetchIfBehind();
                feed.markAll.mutate();
              }}
              data-testid="notifications-read-all"
            >
              {words.markAll}
            </Button>
          </Group>
        ) : undefined
      }
    >
      {feed.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : feed.items.length > 0 ? (
        <NotificationList
          items={feed.items}
          language={language}
          unnamed={t('shell.notifications.unnamed')}
          newBadge={words.newBadge}
          onOpen={open}
        />
      ) : (
        <Text c="dimmed" ta="center" py="xl" data-testid="notifications-empty">
          {t('shell.notifications.empty')}
        </Text>
      )}
    </SidePanel>
  );
}
