import { Alert, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordingsQuery, type Recording } from '../api/recordings';
import { attemptActionsQuery, ACTIONS_LOADED_MARK } from '../api/roster';
import { timelineQuery } from '../api/timeline';
import { clockTime } from '../model/duration';
import { filterActions, filterIntervals, NO_FILTER, typesOf, type TimelineFilter } from '../model/filters';
import { mergeActions } from '../model/roster';
import { seekOffset, timelineSpan } from '../model/seek';
import type { ProctoringAction, TimelineInterval } from '../model/types';
import { usePlayerStore } from '../stores/player-store';
import { CredibilityCard } from './credibility-card';
import { IntervalList } from './interval-list';
import { PlayheadActionList } from './playhead-action-list';
import { ReviewForm } from './review-form';
import { TimelineFilters } from './timeline-filters';
import { TimelineStrip } from './timeline-strip';
import { VideoPlayer } from './video-player';

/** performance.measure name the browser test and the benchmark read. */
export const TIMELINE_RENDER_MEASURE = 'proctoring:timeline-render';
/** How often the open timeline is read without a push: the live path is the TimelineChanged push. */
const FALLBACK_POLL_MS = 15_000;

/**
 * One attempt's violation timeline: the strip, violations and warnings apart (virtualised), filters by
 * type and source, the review of the chosen interval, the credibility score, the recording synced with
 * the timeline, and every action.
 */
export function TimelinePanel({
  attemptId,
  assignmentId,
  studentName,
  liveActions,
}: {
  attemptId: string;
  assignmentId: string;
  studentName: string;
  /** Actions of this attempt pushed since the page opened. */
  liveActions: ProctoringAction[];
}) {
  const { t } = useTranslation();
  // The page reads the timeline again on each TimelineChanged push; the slow poll only covers a socket
  // that was down (the resubscription refetches too).
  const timeline = useQuery({ ...timelineQuery(attemptId), refetchInterval: FALLBACK_POLL_MS });
  const loaded = useQuery(attemptActionsQuery(attemptId));
  const recordings = useQuery(recordingsQuery(attemptId));
  const [filter, setFilter] = useState<TimelineFilter>(NO_FILTER);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const requestSeek = usePlayerStore((s) => s.requestSeek);
  const resetPlayer = usePlayerStore((s) => s.reset);

  useEffect(() => resetPlayer, [attemptId, resetPlayer]);

  const actions = useMemo(() => mergeActions(loaded.data ?? [], liveActions), [loaded.data, liveActions]);
  const all = useMemo(
    () => [...(timeline.data?.violations ?? []), ...(timeline.data?.warnings ?? [])],
    [timeline.data],
  );
  const types = useMemo(() => {
    const present = new Set([...typesOf(all), ...typesOf(actions)]);
    return [...present].sort();
  }, [all, actions]);
  const violations = useMemo(
    () => filterIntervals(timeline.data?.violations ?? [], filter),
    [timeline.data, filter],
  );
  const warnings = useMemo(
    () => filterIntervals(timeline.data?.warnings ?? [], filter),
    [timeline.data, filter],
  );
  const shownActions = useMemo(() => filterActions(actions, filter), [actions, filter]);
  const recording: Recording | undefined =
    recordings.data?.find((r) => r.sessionId === sessionId) ?? recordings.data?.[0];
  const span = useMemo(() => {
    const instants = [
      ...all.flatMap((i) => [Date.parse(i.start), Date.parse(i.end)]),
      ...(actions.length ? [Date.parse(actions[0]!.created_at), Date.parse(actions.at(-1)!.created_at)] : []),
    ];
    if (recording) {
      instants.push(Date.parse(recording.startedAt));
      if (recording.duration) instants.push(Date.parse(recording.startedAt) + recording.duration * 1000);
    }
    return timelineSpan(instants);
  }, [all, actions, recording]);
  const selected = all.find((i) => i.key === selectedKey) ?? null;

  // How long React takes from the actions in hand to the panel on screen (docs/web.md, the benchmark).
  useLayoutEffect(() => {
    if (!loaded.data || performance.getEntriesByName(ACTIONS_LOADED_MARK, 'mark').length === 0) return;
    performance.measure(TIMELINE_RENDER_MEASURE, ACTIONS_LOADED_MARK);
    performance.clearMarks(ACTIONS_LOADED_MARK);
  }, [loaded.data]);

  const seekTo = (instant: string | number) => {
    if (!recording) return;
    const offset = seekOffset(new Date(instant).toISOString(), recording);
    if (offset === null) notifications.show({ color: 'gray', message: t('proctoring.timeline.outside') });
    else requestSeek(offset);
  };
  const pick = (interval: TimelineInterval) => {
    setSelectedKey(interval.key);
    seekTo(interval.start);
  };

  if (timeline.isError) {
    return <Alert color="red">{timeline.error.message}</Alert>;
  }

  return (
    <Paper withBorder radius="md" p="md" data-testid="timeline-panel" data-attempt={attemptId}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('proctoring.timeline.title', { name: studentName })}
        </Title>
        {timeline.data ? (
          <TimelineStrip intervals={filterIntervals(all, filter)} span={span} onPick={seekTo} />
        ) : (
          <Skeleton height={28} />
        )}
        <TimelineFilters types={types} filter={filter} onChange={setFilter} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={3} fz="md">
                  {t('proctoring.timeline.violations')}
                </Title>
                <Text size="xs" c="dimmed">
                  {t('proctoring.timeline.shown', {
                    shown: violations.length,
                    total: timeline.data?.violations.length ?? 0,
                  })}
                  {timeline.data?.dropped
                    ? ` · ${t('proctoring.timeline.dropped', { count: timeline.data.dropped })}`
                    : ''}
                </Text>
              </Group>
              {timeline.data ? (
                <IntervalList
                  intervals={violations}
                  label={t('proctoring.timeline.violations')}
                  selectedKey={selectedKey}
                  onSelect={pick}
                  testId="violation-list"
                />
              ) : (
                <Skeleton height={120} />
              )}
              <Title order={3} fz="md">
                {t('proctoring.timeline.warnings')}
              </Title>
              {timeline.data ? (
                <IntervalList
                  intervals={warnings}
                  label={t('proctoring.timeline.warnings')}
                  selectedKey={selectedKey}
                  onSelect={pick}
                  testId="warning-list"
                />
              ) : null}
              {selected ? (
                <Paper withBorder p="sm" radius="md">
                  <Stack gap={4}>
                    <Text fw={500}>
                      {t('proctoring.review.title', {
                        type: t(
                          `proctoring.types.${selected.type}` as 'proctoring.types.noise',
                          selected.type,
                        ),
                      })}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {clockTime(selected.start)}–{clockTime(selected.end)} · {selected.duration_text} ·{' '}
                      {t(`proctoring.classes.${selected.duration_class}`)}
                    </Text>
                    <ReviewForm
                      key={`${selected.key}:${selected.review?.decision ?? ''}`}
                      attemptId={attemptId}
                      assignmentId={assignmentId}
                      interval={selected}
                    />
                  </Stack>
                </Paper>
              ) : null}
              {timeline.data ? <CredibilityCard credibility={timeline.data.credibility} /> : null}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="md">
              <Title order={3} fz="md">
                {t('proctoring.player.title')}
              </Title>
              {recordings.isPending ? (
                <Skeleton height={200} />
              ) : recording ? (
                <VideoPlayer
                  recordings={recordings.data ?? []}
                  selected={recording}
                  onSelect={setSessionId}
                />
              ) : (
                <Text size="sm" c="dimmed" data-testid="no-recording">
                  {t('proctoring.player.none')}
                </Text>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
        <Group justify="space-between">
          <Title order={3} fz="md">
            {t('proctoring.actions.title')}
          </Title>
          <Text size="xs" c="dimmed" data-testid="action-count">
            {loaded.isPending
              ? t('proctoring.actions.loading')
              : t('proctoring.timeline.shown', { shown: shownActions.length, total: actions.length })}
          </Text>
        </Group>
        {loaded.isPending ? (
          <Skeleton height={160} />
        ) : loaded.isError ? (
          <Alert color="red" data-testid="actions-error">
            {loaded.error.message}
          </Alert>
        ) : (
          <PlayheadActionList actions={shownActions} onPick={(a) => seekTo(a.created_at)} />
        )}
      </Stack>
    </Paper>
  );
}
