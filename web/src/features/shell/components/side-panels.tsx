import { Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../../shared/api';
import { useFormat } from '../../../shared/i18n';
import { IconBell, IconListCheck } from '../../../shared/ui/icons';
import { SidePanel } from '../../../shared/ui/side-panel';
import { useNotificationFeed } from '../../realtime';
import { useShell } from '../ui-store';

interface NotificationItem {
  id: string | number;
  name?: string | null;
  description?: string | null;
  created_at: string;
}

interface TaskItem {
  id: string | number;
  state?: string;
  status?: string;
  name?: string | null;
  description?: string | null;
}

/** A list call whose collection may not exist on this server yet: 404 means "not available", not an error. */
function useOptionalList<T>(
  key: string,
  path: string,
  enabled: boolean,
  query: Record<string, string | number>,
) {
  return useQuery({
    queryKey: ['side-panel', key],
    enabled,
    meta: { errorToast: false },
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        const answer = await api.get<{ entities: T[] | { data: T[] } }>(path, { query, signal });
        const list = Array.isArray(answer.entities) ? answer.entities : answer.entities.data;
        return { available: true as const, items: list };
      } catch (error) {
        if (isApiError(error) && error.httpStatus === 404)
          return { available: false as const, items: [] as T[] };
        throw error;
      }
    },
  });
}

function Empty({ text, testId }: { text: string; testId: string }) {
  return (
    <Text c="dimmed" ta="center" py="xl" data-testid={testId}>
      {text}
    </Text>
  );
}

/** Notifications (000 §2): name, description and date of each, or an empty label; live ones on top. */
export function NotificationsPanel() {
  const { t } = useTranslation();
  const format = useFormat();
  const { panel, openPanel } = useShell();
  const opened = panel === 'notifications';
  const list = useOptionalList<NotificationItem>('notifications', '/api/notifications', opened, {
    page: 1,
    limit: 30,
    orderBy: 'created_at',
    sortedBy: 'desc',
  });
  const live = useNotificationFeed((s) => s.items);
  const items = [...live, ...(list.data?.items ?? []).filter((n) => !live.some((l) => l.id === n.id))];
  return (
    <SidePanel
      opened={opened}
      onClose={() => openPanel(null)}
      title={t('shell.notifications.title')}
      description={t('shell.notifications.description')}
    >
      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : items.length > 0 ? (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => (
            <Group key={item.id} component="li" gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" radius="xl">
                <IconBell size={16} />
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                {/* 000 §2: an unnamed item gets a default label. */}
                <Text fw={600}>{item.name || t('shell.notifications.unnamed')}</Text>
                {item.description ? <Text size="sm">{item.description}</Text> : null}
                <Text size="xs" c="dimmed">
                  {format.dateTime(item.created_at)}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      ) : list.data?.available === false ? (
        <Empty text={t('shell.notifications.unavailable')} testId="notifications-unavailable" />
      ) : (
        <Empty text={t('shell.notifications.empty')} testId="notifications-empty" />
      )}
    </SidePanel>
  );
}

/** Background tasks (001 §2): state, name and description of the last ten. */
export function TasksPanel() {
  const { t } = useTranslation();
  const { panel, openPanel } = useShell();
  const opened = panel === 'tasks';
  const list = useOptionalList<TaskItem>('tasks', '/api/tasks', opened, { page: 1, limit: 10 });
  const items = list.data?.items ?? [];
  return (
    <SidePanel
      opened={opened}
      onClose={() => openPanel(null)}
      title={t('shell.tasks.title')}
      description={t('shell.tasks.description')}
    >
      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('common.loading')} />
        </Group>
      ) : items.length > 0 ? (
        <Stack gap="sm">
          {items.map((task) => (
            <Group key={task.id} gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" radius="xl">
                <IconListCheck size={16} />
              </ThemeIcon>
              <div>
                <Text fw={600}>{task.name}</Text>
                {task.description ? <Text size="sm">{task.description}</Text> : null}
                <Text size="xs" c="dimmed">
                  {task.state ?? task.status}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      ) : list.data?.available === false ? (
        <Empty text={t('shell.tasks.unavailable')} testId="tasks-unavailable" />
      ) : (
        <Empty text={t('shell.tasks.empty')} testId="tasks-empty" />
      )}
    </SidePanel>
  );
}
