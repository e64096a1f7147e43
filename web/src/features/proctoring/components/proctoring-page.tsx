import { Alert, Anchor, Badge, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api';
import { confirmAction } from '../../../shared/ui/confirm-dialog';
import { PageHeading } from '../../../shared/ui/page-heading';
import { SectionState } from '../../../shared/ui/section-state';
import { proctoringKeys } from '../api/keys';
import {
  assignmentHeadQuery,
  attemptsQuery,
  recentActionsQuery,
  reviewQueueQuery,
  studentNamesQuery,
  studentsRosterQuery,
} from '../api/roster';
import { sendProctorAction } from '../api/timeline';
import { useAssignmentFeed } from '../live/use-assignment-feed';
import { buildGrid, mergeActions, orderGrid, type GridOrder, type GridRow } from '../model/roster';
import type { ProctoringAction } from '../model/types';
import type { ProctorAction } from '../model/vocabulary';
import { MessageDialog } from './message-dialog';
import { StudentGrid, type StudentAct } from './student-grid';
import { TimelinePanel } from './timeline-panel';
import { AiReportPanel } from '../ai-report';

const LIVE_COLORS = { connecting: 'gray', live: 'teal', offline: 'orange', refused: 'red' } as const;
/** Pushes come in bursts: the assignment's queue and roster are read again at most this often. */
const REFRESH_EVERY_MS = 1_000;
/** Actions after which a row's state may have changed (started, held, ended). */
const STATE_CHANGES = new Set([
  'session_started',
  'session_ended',
  'exam_suspended',
  'exam_resumed',
  'exam_stopped',
]);

/**
 * /p/assignments/{assignment} and /t/assignments/proctoring/{assignment}: the live grid of the
 * assignment's attempts and, for the chosen one (?attempt=), its violation timeline. ?order=queue ranks
 * the grid as the review queue does.
 */
export function ProctoringPage({ area }: { area: 'p' | 't' }) {
  const { t } = useTranslation();
  const { assignment: assignmentId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const order: GridOrder = params.get('order') === 'queue' ? 'queue' : 'name';
  const selected = params.get('attempt');
  const queryClient = useQueryClient();

  const head = useQuery(assignmentHeadQuery(assignmentId));
  const attempts = useQuery(attemptsQuery(assignmentId));
  const roster = useQuery(studentsRosterQuery(assignmentId));
  const queue = useQuery(reviewQueueQuery(assignmentId));
  const recent = useQuery(recentActionsQuery(assignmentId));
  const [live, setLive] = useState<ProctoringAction[]>([]);

  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refreshSoon = useCallback(() => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      void queryClient.invalidateQueries({ queryKey: proctoringKeys.queue(assignmentId) });
      void queryClient.invalidateQueries({ queryKey: proctoringKeys.students(assignmentId) });
    }, REFRESH_EVERY_MS);
  }, [assignmentId, queryClient]);

  const channel = useAssignmentFeed(
    assignmentId,
    (action) => {
      setLive((current) => [...current, action]);
      // A new attempt, a hold, an attempt's end: the roster's states are read again with the queue.
      if (STATE_CHANGES.has(action.action_type)) refreshSoon();
    },
    (attemptIds) => {
      // The server stored these timelines: the open one is read now (only a shown query refetches),
      // the queue, ranked by them, with the next throttled refresh.
      for (const attempt of attemptIds) {
        void queryClient.invalidateQueries({ queryKey: proctoringKeys.timeline(attempt) });
      }
      refreshSoon();
    },
    () => {
      void queryClient.invalidateQueries({ queryKey: proctoringKeys.recent(assignmentId) });
      void queryClient.invalidateQueries({ queryKey: proctoringKeys.roster(assignmentId) });
      void queryClient.invalidateQueries({ queryKey: proctoringKeys.students(assignmentId) });
      if (selected) void queryClient.invalidateQueries({ queryKey: proctoringKeys.timeline(selected) });
      refreshSoon();
    },
  );

  const actions = useMemo(() => mergeActions(recent.data ?? [], live), [recent.data, live]);
  const rows = useMemo(
    () => buildGrid(attempts.data ?? [], queue.data ?? [], actions, roster.data ?? []),
    [attempts.data, queue.data, actions, roster.data],
  );
  const studentIds = useMemo(() => [...new Set(rows.map((r) => r.studentId))].sort(), [rows]);
  const names = useQuery(studentNamesQuery(studentIds));
  const nameOf = (row: GridRow) =>
    names.data?.[row.studentId] ?? t('proctoring.grid.studentShort', { id: row.studentId.slice(0, 8) });
  const ordered = orderGrid(rows, order, names.data ?? {});
  const selectedRow = rows.find((r) => r.attemptId !== null && r.attemptId === selected) ?? null;
  const liveOfSelected = useMemo(
    () => (selected ? live.filter((a) => a.assignment_attempt_id === selected) : []),
    [live, selected],
  );

  const [dialog, setDialog] = useState<{ row: GridRow; act: 'message' | 'warning' } | null>(null);
  const act = useMutation({
    mutationFn: ({ row, type, text }: { row: GridRow; type: ProctorAction; text?: string }) => {
      // The grid offers no act on a student who has not started.
      if (!row.attemptId) throw new Error(t('proctoring.state.not_started'));
      return sendProctorAction({
        assignment_id: assignmentId,
        assignment_attempt_id: row.attemptId,
        action_type: type,
        ...(text ? { description: text } : {}),
      });
    },
    onSuccess: () => {
      setDialog(null);
      notifications.show({ color: 'teal', message: t('proctoring.act.sent') });
    },
    onError: (error) => {
      if (!dialog) notifications.show({ color: 'red', message: error.message });
    },
  });

  const onAct = async (row: GridRow, kind: StudentAct) => {
    if (kind === 'message' || kind === 'warning') {
      act.reset();
      setDialog({ row, act: kind });
      return;
    }
    const name = nameOf(row);
    const confirmed = await confirmAction({
      title: t(kind === 'suspend' ? 'proctoring.act.suspendTitle' : 'proctoring.act.resumeTitle'),
      message: t(kind === 'suspend' ? 'proctoring.act.suspendText' : 'proctoring.act.resumeText', { name }),
      confirmLabel: t(kind === 'suspend' ? 'proctoring.act.suspend' : 'proctoring.act.resume'),
      danger: kind === 'suspend',
    });
    if (confirmed) act.mutate({ row, type: kind === 'suspend' ? 'exam_suspended' : 'exam_resumed' });
  };

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: key === 'order' });
  };

  // The watcher check is the proctoring calls': a teacher who does not watch gets 403, another school 404.
  const refusal = [queue.error, recent.error].find(
    (e) => isApiError(e) && (e.httpStatus === 403 || e.httpStatus === 404),
  );
  if (refusal && isApiError(refusal)) {
    return (
      <SectionState
        kind="unavailable"
        title={t('proctoring.forbidden.title')}
        text={t('proctoring.forbidden.text', { message: `${refusal.httpStatus} ${refusal.message}` })}
      />
    );
  }

  const restricted = head.data === null || attempts.data === null;
  const title = head.data
    ? t('proctoring.page.title', { name: head.data.name })
    : t('proctoring.page.untitled');

  return (
    <Stack gap="md">
      <PageHeading
        title={title}
        description={
          <Group gap="xs">
            <Badge color={LIVE_COLORS[channel]} variant="dot" data-testid="live-state" data-state={channel}>
              {t(`proctoring.live.${channel}`)}
            </Badge>
            {area === 't' ? (
              <Anchor component={Link} to={`/t/assignments/${assignmentId}`} size="sm">
                {t('proctoring.page.back')}
              </Anchor>
            ) : null}
          </Group>
        }
      />
      {restricted ? (
        <Alert color="gray" data-testid="restricted-note">
          {t('proctoring.page.namesHidden')}
        </Alert>
      ) : null}
      <Group gap="sm">
        <Text size="sm" id="grid-order-label">
          {t('proctoring.order.label')}
        </Text>
        <SegmentedControl
          size="xs"
          aria-labelledby="grid-order-label"
          value={order}
          onChange={(value) => setParam('order', value === 'queue' ? 'queue' : null)}
          data={[
            { value: 'name', label: t('proctoring.order.name') },
            { value: 'queue', label: t('proctoring.order.queue') },
          ]}
        />
      </Group>
      {queue.isPending || recent.isPending || attempts.isPending || roster.isPending ? (
        <Skeleton height={160} radius="md" data-testid="grid-loading" />
      ) : (
        <StudentGrid
          assignmentId={assignmentId}
          rows={ordered}
          nameOf={nameOf}
          selected={selected}
          onOpen={(row) => setParam('attempt', row.attemptId === selected ? null : row.attemptId)}
          onAct={(row, kind) => void onAct(row, kind)}
        />
      )}
      {queue.isError && !refusal ? <Alert color="red">{queue.error.message}</Alert> : null}
      {selected ? (
        <TimelinePanel
          key={selected}
          attemptId={selected}
          assignmentId={assignmentId}
          studentName={selectedRow ? nameOf(selectedRow) : selected.slice(0, 8)}
          liveActions={liveOfSelected}
        />
      ) : null}
      {/* The attempt's AI report: the proctor asks for the analysis (again) here, as the teacher on the result page. */}
      {selected ? <AiReportPanel key={`ai-${selected}`} attemptId={selected} /> : null}
      {dialog ? (
        <MessageDialog
          opened
          title={t(dialog.act === 'message' ? 'proctoring.act.messageTitle' : 'proctoring.act.warningTitle', {
            name: nameOf(dialog.row),
          })}
          pending={act.isPending}
          error={act.error}
          onClose={() => setDialog(null)}
          onSend={(text) =>
            act.mutate({
              row: dialog.row,
              type: dialog.act === 'message' ? 'proctor_message' : 'proctor_warning',
              text,
            })
          }
        />
      ) : null}
    </Stack>
  );
}

/** The teacher's page: the same screen inside the teacher's area. */
export function TeacherProctoringPage() {
  return <ProctoringPage area="t" />;
}

/** The proctor's page. */
export function ProctorAssignmentPage() {
  return <ProctoringPage area="p" />;
}
