import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../shared/i18n';
import {
  attemptState,
  formatCountdown,
  hasStarted,
  liveStatus,
  rowAction,
  type WatchedAssignment,
  type WatchedAttempt,
} from '../model';

const ATTEMPT_COLORS = { 'not-started': 'gray', 'in-progress': 'green', finished: 'blue' } as const;

/** One assignment of the waiting room: what it is, when it starts, where the student stands, the way in. */
export function WaitingRow({
  assignment,
  attempts,
  className,
  now,
}: {
  assignment: WatchedAssignment;
  attempts: readonly WatchedAttempt[];
  /** The class's name; undefined while the classes load. */
  className: string | undefined;
  now: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const started = hasStarted(assignment, now);
  const action = rowAction(assignment, attempts, now);
  const attempt = attemptState(attempts);
  const titleId = `watcher-row-${assignment.id}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="li"
      aria-labelledby={titleId}
      data-testid="watcher-row"
      data-assignment={assignment.id}
      data-status={liveStatus(assignment, now)}
    >
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Title order={2} fz="md" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {assignment.name}
          </Title>
          <Text size="sm" c="dimmed">
            {className ?? '…'}
            {' · '}
            {t(started ? 'watcher.startedAt' : 'watcher.startsAt', {
              time: format.dateTime(assignment.starting_at),
            })}
          </Text>
          <Group gap={6}>
            <Badge color={ATTEMPT_COLORS[attempt]} variant="light" data-testid="watcher-attempt">
              {t(`watcher.attempt.${attempt}`)}
            </Badge>
            <Badge color={assignment.is_proctoring ? 'grape' : 'gray'} variant="outline">
              {t(assignment.is_proctoring ? 'watcher.proctoring.yes' : 'watcher.proctoring.no')}
            </Badge>
            {action.blocked ? (
              <Badge color="orange" variant="light">
                {t(`watcher.state.${action.blocked}`)}
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <Group gap="md" wrap="nowrap" style={{ flex: '0 0 auto' }}>
          {started ? (
            <Badge color="green" size="lg" variant="dot">
              {t('watcher.started')}
            </Badge>
          ) : (
            <Stack gap={0} align="flex-end">
              <Text size="xs" c="dimmed">
                {t('watcher.startsIn')}
              </Text>
              <Text fz="xl" fw={700} ff="monospace" data-testid="watcher-countdown">
                {formatCountdown(Date.parse(assignment.starting_at) - now)}
              </Text>
            </Stack>
          )}
          <Button
            component={Link}
            to={action.to}
            variant={action.kind === 'start' ? 'filled' : 'light'}
            aria-label={t(`watcher.actionLabel.${action.kind}`, { name: assignment.name })}
            data-testid="watcher-action"
            data-kind={action.kind}
          >
            {t(`watcher.action.${action.kind}`)}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
