import { Alert, Badge, Button, Group, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useChannel } from '../../../shared/realtime';
import { notifyError, notifySuccess } from '../../../shared/toasts/notify';
import { confirmAction } from '../../../shared/ui/confirm-dialog';
import { saveBlob, taskKeys, tasksApi } from '../api';
import { useTasksText } from '../i18n/use-tasks-text';
import { actionsOf, isImport, type Task, type TaskAction } from '../model';
import { useTaskModal } from '../task-modal-store';
import { ImportReport } from './import-report';
import { stateColor, TaskStateIcon } from './task-state-icon';

/**
 * The task modal (001 §2, §4): one task's state, live from its `task.{id}` channel. New and process
 * show the progress bar, the counter and the appendix with Suspend and Abort; suspended offers
 * Resume and Abort; completed and failure offer Close (and the file's download). Every action is
 * confirmed, shows a loader while it runs, and ends with a toast. Rendered once in the shell.
 */
export function TaskModalHost() {
  const taskId = useTaskModal((s) => s.taskId);
  const close = useTaskModal((s) => s.close);
  const text = useTasksText();
  return (
    <Modal
      opened={taskId !== null}
      onClose={close}
      title={text('modal.title')}
      size="lg"
      centered
      data-testid="task-modal"
    >
      {taskId ? <TaskView key={taskId} taskId={taskId} onClose={close} /> : null}
    </Modal>
  );
}

const FALLBACK_POLL_MS = 3000;

/** The error the platform records for an aborted task (tasks read model). */
const ABORTED = 'Задача прервана';

function TaskView({ taskId, onClose }: { taskId: string; onClose: () => void }) {
  const text = useTasksText();
  const queryClient = useQueryClient();
  const task = useQuery({
    queryKey: taskKeys.one(taskId),
    queryFn: ({ signal }) => tasksApi.get(taskId, signal),
    meta: { errorToast: false },
    // Pushes carry the changes; a task that ended before the channel opened pushed them to nobody, and
    // the read model may lag its stream, so a task not yet ended is also read again now and then.
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'new' || state === 'process' ? FALLBACK_POLL_MS : false;
    },
  });
  const apply = (pushed: Partial<Task> | undefined) => {
    if (!pushed) return;
    queryClient.setQueryData<Task>(taskKeys.one(taskId), (current) =>
      current ? { ...current, ...pushed, state: (pushed.state ?? current.state) as Task['state'] } : current,
    );
    void queryClient.invalidateQueries({ queryKey: taskKeys.list });
  };
  const channel = useChannel(`task.${taskId}`, {
    onEvent: (event, data) => {
      const payload = data as { task?: Partial<Task>; appendix?: string | null };
      if (event === 'TaskProgressUpdated') apply({ ...payload.task, appendix: payload.appendix ?? null });
      if (event === 'TaskFinished') {
        apply(payload.task);
        const state = payload.task?.state;
        const name = payload.task?.name ?? task.data?.name ?? '';
        if (state === 'completed') notifySuccess(text('done.completed', { name }));
        // An abort is the owner's own and has its toast already.
        if (state === 'failure' && payload.task?.error !== ABORTED)
          notifyError(text('done.failure', { name }));
      }
    },
    // A push missed while subscribing: read the task again once the channel is open.
    onSubscribed: () => void task.refetch(),
  });
  const act = useMutation({
    mutationFn: (action: TaskAction) => tasksApi.act(taskId, action),
    onSuccess: (entity, action) => {
      queryClient.setQueryData(taskKeys.one(taskId), entity);
      void queryClient.invalidateQueries({ queryKey: taskKeys.list });
      notifySuccess(text(`done.${action}`));
    },
  });

  if (task.isPending) {
    return (
      <Group gap="sm" py="md">
        <Loader size="sm" />
        <Text>{text('modal.loading')}</Text>
      </Group>
    );
  }
  if (!task.data) return <Alert color="red">{text('modal.missing')}</Alert>;
  const t = task.data;
  const run = async (action: TaskAction) => {
    const confirmed = await confirmAction({
      title: text(`actions.${action}`),
      message: text(`confirm.${action}`, { name: t.name }),
      confirmLabel: text(`actions.${action}`),
      danger: action === 'abort',
    });
    if (confirmed) act.mutate(action);
  };
  const running = t.state === 'new' || t.state === 'process';
  const ended = t.state === 'completed' || t.state === 'failure';
  return (
    <Stack gap="md" data-testid="task-view" data-state={t.state}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <TaskStateIcon state={t.state} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} data-testid="task-name">
            {t.name}
          </Text>
          {t.description ? <Text size="sm">{t.description}</Text> : null}
        </div>
        <Badge color={stateColor(t.state)} variant="light" data-testid="task-state">
          {text(`states.${t.state}`)}
        </Badge>
      </Group>
      {t.state === 'new' ? <Text c="dimmed">{text('modal.waiting')}</Text> : null}
      {t.state === 'process' || t.state === 'suspended' ? (
        <Stack gap={4}>
          <Progress
            value={t.progress}
            color={stateColor(t.state)}
            animated={t.state === 'process'}
            striped={t.state === 'process'}
            aria-label={text('modal.counter', { processed: t.data.processed, total: t.data.total })}
            data-testid="task-progress"
          />
          <Group justify="space-between">
            <Text size="sm" data-testid="task-counter">
              {text('modal.counter', { processed: t.data.processed, total: t.data.total })}
            </Text>
            <Text size="sm" c="dimmed">
              {t.progress}%
            </Text>
          </Group>
          {t.appendix ? (
            <Text size="sm" c="dimmed" data-testid="task-appendix">
              {t.appendix}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      {t.state === 'suspended' ? <Text>{text('modal.suspendedHint')}</Text> : null}
      {t.state === 'completed' ? <Text c="green">{text('modal.completedHint')}</Text> : null}
      {t.state === 'failure' ? (
        <Alert color="red" title={text('modal.failureHint')} data-testid="task-error">
          {t.error}
        </Alert>
      ) : null}
      {t.state === 'completed' && isImport(t.kind) && t.file ? <ImportReport taskId={t.id} /> : null}
      {running && channel === 'live' ? (
        <Text size="xs" c="dimmed">
          {text('modal.live')}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="xs">
        {actionsOf(t.state).map((action) => (
          <Button
            key={action}
            variant={action === 'abort' ? 'light' : 'filled'}
            color={action === 'abort' ? 'red' : undefined}
            loading={act.isPending && act.variables === action}
            disabled={act.isPending}
            onClick={() => void run(action)}
            data-testid={`task-${action}`}
          >
            {text(`actions.${action}`)}
          </Button>
        ))}
        {t.state === 'completed' && t.file ? (
          <Button variant="light" onClick={() => void download(t)} data-testid="task-download">
            {text('modal.download')}
          </Button>
        ) : null}
        {ended ? (
          <Button variant="default" onClick={onClose} data-testid="task-close">
            {text('modal.close')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

async function download(task: Task) {
  try {
    saveBlob(await tasksApi.download(task.id), task.file?.file_name ?? 'file');
  } catch (error) {
    notifyError(error instanceof Error ? error.message : String(error));
  }
}
