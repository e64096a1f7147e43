import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifySuccess } from '../../../shared/toasts/notify';
import { checkTaskQuery, startCheck } from '../api';
import { lastCheckKey } from '../model';

/**
 * On the teacher's assignment page: starts an anti-plagiarism check, shows its progress, and links to
 * the report when it is done. The last check is remembered in this browser, so the link stays after
 * a reload; the task panel lists every check too.
 */
export function AntiplagiarismCheckPanel({ assignmentId }: { assignmentId: string }) {
  const { t } = useTranslation();
  const [taskId, setTaskId] = useState(() => localStorage.getItem(lastCheckKey(assignmentId)));
  const task = useQuery({
    ...checkTaskQuery(taskId ?? ''),
    enabled: taskId !== null,
    meta: { errorToast: false },
  });
  const start = useMutation({
    mutationFn: () => startCheck(assignmentId),
    onSuccess: (made) => {
      localStorage.setItem(lastCheckKey(assignmentId), made.id);
      setTaskId(made.id);
      notifySuccess(t('antiplagiarism.check.started'));
    },
  });
  const state = task.data?.state;
  const running = state === 'new' || state === 'process';
  return (
    <Paper withBorder radius="md" p="md" data-testid="antiplagiarism-check">
      <Stack gap="xs">
        <Group justify="space-between" align="center" wrap="wrap">
          <Stack gap={2} style={{ flex: '1 1 280px' }}>
            <Text fw={600}>{t('antiplagiarism.check.title')}</Text>
            <Text size="sm" c="dimmed">
              {t('antiplagiarism.check.hint')}
            </Text>
          </Stack>
          <Button
            variant={state === 'completed' ? 'default' : 'filled'}
            loading={start.isPending}
            disabled={running}
            onClick={() => start.mutate()}
            data-testid="antiplagiarism-start"
          >
            {state === 'completed' ? t('antiplagiarism.check.again') : t('antiplagiarism.check.start')}
          </Button>
        </Group>
        {running && task.data ? (
          <Stack gap={4} data-testid="antiplagiarism-progress">
            <Text size="sm">{t('antiplagiarism.check.running', { progress: task.data.progress })}</Text>
            <Progress value={task.data.progress} animated aria-label={t('antiplagiarism.check.title')} />
          </Stack>
        ) : null}
        {state === 'completed' && taskId ? (
          <Anchor
            component={Link}
            to={`/t/antiplagiarism/report/${taskId}`}
            fw={500}
            data-testid="antiplagiarism-report-link"
          >
            {t('antiplagiarism.check.openReport')}
          </Anchor>
        ) : null}
        {state === 'failure' || state === 'suspended' ? (
          <Alert color="red" variant="light">
            {t('antiplagiarism.check.failed', { error: task.data?.error ?? state })}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
