import { Alert, Anchor, Paper, Skeleton, Stack, Switch, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeading } from '../../../shared/ui/page-heading';
import { myClassesQuery, watchedAssignmentsQuery, watchedAttemptsQuery, watcherKeys } from '../api';
import { rowAction, waitingRoom, type WatchedAssignment, type WatchedAttempt } from '../model';
import { useAutoOpen } from '../use-auto-open';
import { useLiveRefetch } from '../use-live-refetch';
import { useNow } from '../use-now';
import { useStartWatch } from '../use-start-watch';
import { WaitingRow } from './waiting-row';

/** After a start, the server's status is asked for again this much later (its clock may lag a little). */
const CONFIRM_START_MS = 1500;
const NO_ATTEMPTS: readonly WatchedAttempt[] = [];

/**
 * /s/assignment-watcher: the student's exam waiting room. The assignments running now or starting
 * within 24 hours, nearest first, with a countdown to each start; the list follows new assignments
 * and proctors' actions live (pushed notifications), and teachers' suspend, resume and finish by a
 * poll. At a start the row offers 'Начать', a toast says so, and the page may open it by itself.
 */
export function AssignmentWatcherPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const now = useNow();
  const [autoOpen, setAutoOpen] = useAutoOpen();
  useLiveRefetch();

  const assignments = useQuery(watchedAssignmentsQuery);
  const rows = useMemo(() => waitingRoom(assignments.data ?? [], now), [assignments.data, now]);
  const ids = useMemo(() => rows.map((r) => r.id).sort(), [rows]);
  const attempts = useQuery(watchedAttemptsQuery(ids));
  const classes = useQuery(myClassesQuery);
  const attemptsOf = useMemo(() => {
    const byAssignment = new Map<string, WatchedAttempt[]>();
    for (const a of attempts.data ?? []) {
      byAssignment.set(a.assignment_id, [...(byAssignment.get(a.assignment_id) ?? []), a]);
    }
    return byAssignment;
  }, [attempts.data]);

  const onStart = useCallback(
    (assignment: WatchedAssignment) => {
      notifications.show({
        id: `watcher-start-${assignment.id}`,
        title: t('watcher.toast.title'),
        message: t('watcher.toast.message', { name: assignment.name }),
        color: 'green',
        autoClose: 8000,
      });
      window.setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: watcherKeys.all }),
        CONFIRM_START_MS,
      );
      if (!autoOpen) return;
      const action = rowAction(assignment, attemptsOf.get(assignment.id) ?? NO_ATTEMPTS, Date.now());
      void navigate(action.to);
    },
    [autoOpen, attemptsOf, navigate, queryClient, t],
  );
  const announcement = useStartWatch(rows, now, onStart);

  const classNameOf = (classId: string | null) => {
    if (classId === null) return t('watcher.classUnknown');
    if (!classes.data) return classes.isError ? t('watcher.classUnknown') : undefined;
    return classes.data.find((c) => c.id === classId)?.name ?? t('watcher.classUnknown');
  };

  return (
    <Stack gap="md">
      <PageHeading
        title={t('watcher.title')}
        description={t('watcher.description')}
        toolbar={[{ key: 'all', label: t('watcher.all'), to: '/s/assignments', variant: 'light' }]}
      />
      <Paper withBorder radius="md" p="md">
        <Switch
          checked={autoOpen}
          onChange={(event) => setAutoOpen(event.currentTarget.checked)}
          label={t('watcher.autoOpen')}
          description={t('watcher.autoOpenHint')}
          data-testid="watcher-auto-open"
        />
      </Paper>
      <VisuallyHidden role="status" aria-live="polite" data-testid="watcher-announcement">
        {announcement}
      </VisuallyHidden>
      {assignments.isError && !assignments.data ? <Alert color="red">{t('watcher.loadFailed')}</Alert> : null}
      {assignments.isPending ? (
        <Stack gap="sm" aria-busy>
          <Skeleton height={96} radius="md" />
          <Skeleton height={96} radius="md" />
        </Stack>
      ) : rows.length === 0 && assignments.data ? (
        <Paper withBorder radius="md" p="xl" data-testid="watcher-empty">
          <Stack align="center" gap="xs" ta="center">
            <Title order={2} fz="lg">
              {t('watcher.empty')}
            </Title>
            <Text c="dimmed">{t('watcher.emptyHint')}</Text>
            <Anchor component={Link} to="/s/assignments">
              {t('watcher.all')}
            </Anchor>
          </Stack>
        </Paper>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('watcher.title')}
        >
          {rows.map((row) => (
            <WaitingRow
              key={row.id}
              assignment={row}
              attempts={attemptsOf.get(row.id) ?? NO_ATTEMPTS}
              className={classNameOf(row.class_id)}
              now={now}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The student home's way in: one small link. */
export function WaitingRoomLink() {
  const { t } = useTranslation();
  return (
    <Anchor
      component={Link}
      to="/s/assignment-watcher"
      mt="md"
      display="inline-block"
      data-testid="watcher-home-link"
    >
      {t('watcher.homeLink')}
    </Anchor>
  );
}
