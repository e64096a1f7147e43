import { Alert, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attemptActionsQuery } from '../api/roster';
import { ActionList } from '../components/action-list';

/** Every action of the attempt, oldest first, in the proctoring feature's virtualised list. */
export function ActionLogTab({ attemptId }: { attemptId: string }) {
  const { t } = useTranslation();
  const actions = useQuery(attemptActionsQuery(attemptId));
  const [current, setCurrent] = useState<number | null>(null);
  if (actions.isPending) return <Skeleton height={240} radius="md" data-testid="log-loading" />;
  if (actions.isError) return <Alert color="red">{actions.error.message}</Alert>;
  return (
    <Paper withBorder radius="md" p="md" data-testid="log-tab">
      <Stack gap="sm">
        <Title order={2} fz="md">
          {t('proctoring.actions.title')}
        </Title>
        <Text size="xs" c="dimmed" data-testid="log-count">
          {t('assignments.result.log.count', { count: actions.data.length })}
        </Text>
        <ActionList
          actions={actions.data}
          current={current}
          onPick={(action) => setCurrent(actions.data.indexOf(action))}
        />
      </Stack>
    </Paper>
  );
}
