import { Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { api, isApiError } from '../../../shared/api';
import { SidePanel } from '../../../shared/ui/side-panel';
import { NotificationsPanel as NotificationsFeed } from '../../../features/notifications';
import { TaskModalHost, TaskStateIcon, useTaskModal, type TaskState } from '../../../features/tasks';
import { useNotificationFeed } from '../../../shared/realtime';
import { useShell } from '../ui-store';

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

/** Notifications (000 §2, §7): the notifications feature's panel, with the pushes received live. */
export function NotificationsPanel() {
  const { panel, openPanel } = useShell();
  const live = useNotificationFeed((s) => s.items);
  return <NotificationsFeed opened={panel === 'notifications'} onClose={() => openPanel(null)} live={live} />;
}

/** Background tasks (001 §2): state, name and description of the last ten; a click opens the task modal. */
export function TasksPanel() {
  const { t } = useTranslation();
  const { panel, openPanel } = useShell();
  const openTask = useTaskModal((s) => s.open);
  const opened = panel === 'tasks';
  const list = useOptionalList<TaskItem>('tasks', '/api/tasks', opened, { page: 1, limit: 10 });
  const items = list.data?.items ?? [];
  return (
    <>
      <TaskModalHost />
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
              <UnstyledButton
                key={task.id}
                onClick={() => {
                  openPanel(null);
                  openTask(String(task.id));
                }}
                data-testid="task-item"
              >
                <Group gap="sm" wrap="nowrap">
                  <TaskStateIcon state={(task.state ?? task.status ?? 'new') as TaskState} />
                  <div>
                    <Text fw={600}>{task.name}</Text>
                    {task.description ? <Text size="sm">{task.description}</Text> : null}
                    <Text size="xs" c="dimmed">
                      {taskStateText(t, task.state ?? task.status)}
                    </Text>
                  </div>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        ) : list.data?.available === false ? (
          <Empty text={t('shell.tasks.unavailable')} testId="tasks-unavailable" />
        ) : (
          <Empty text={t('shell.tasks.empty')} testId="tasks-empty" />
        )}
      </SidePanel>
    </>
  );
}

const TASK_STATES = ['new', 'process', 'suspended', 'completed', 'failure'] as const;

/** The specification's task state in the reader's language; an unknown one as the server said it. */
function taskStateText(t: TFunction, state: string | undefined): string {
  const known = TASK_STATES.find((s) => s === state);
  return known ? t(`shell.tasks.states.${known}`) : (state ?? '');
}
