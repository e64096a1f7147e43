import { Alert, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timelineQuery } from '../api/timeline';
import { CredibilityCard } from '../components/credibility-card';
import { IntervalList } from '../components/interval-list';
import { ReviewForm as IntervalReviewForm } from '../components/review-form';
import { clockTime } from '../model/duration';

/**
 * The attempt's violation timeline (GET /api/proctoring/timelines/{attempt}): violations and warnings
 * with their durations, the review of the chosen interval, and the credibility score with what each
 * type cost. The proctoring feature's parts, without its live grid and player.
 */
export function ViolationsTab({ attemptId, assignmentId }: { attemptId: string; assignmentId: string }) {
  const { t } = useTranslation();
  const timeline = useQuery(timelineQuery(attemptId));
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  if (timeline.isPending) return <Skeleton height={240} radius="md" data-testid="violations-loading" />;
  if (timeline.isError) return <Alert color="red">{timeline.error.message}</Alert>;
  const { violations, warnings, credibility } = timeline.data;
  const selected = [...violations, ...warnings].find((i) => i.key === selectedKey) ?? null;
  return (
    <Stack gap="md" data-testid="violations-tab">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="md">
              {t('proctoring.timeline.violations')}
            </Title>
            {timeline.data.dropped ? (
              <Text size="xs" c="dimmed">
                {t('proctoring.timeline.dropped', { count: timeline.data.dropped })}
              </Text>
            ) : null}
          </Group>
          <IntervalList
            intervals={violations}
            label={t('proctoring.timeline.violations')}
            selectedKey={selectedKey}
            onSelect={(interval) => setSelectedKey(interval.key)}
            testId="violation-list"
          />
          <Title order={2} fz="md">
            {t('proctoring.timeline.warnings')}
          </Title>
          <IntervalList
            intervals={warnings}
            label={t('proctoring.timeline.warnings')}
            selectedKey={selectedKey}
            onSelect={(interval) => setSelectedKey(interval.key)}
            testId="warning-list"
          />
          {selected ? (
            <Paper withBorder p="sm" radius="md">
              <Stack gap={4}>
                <Text fw={500}>
                  {t('proctoring.review.title', {
                    type: t(`proctoring.types.${selected.type}` as 'proctoring.types.noise', selected.type),
                  })}
                </Text>
                <Text size="sm" c="dimmed">
                  {clockTime(selected.start)}–{clockTime(selected.end)} · {selected.duration_text} ·{' '}
                  {t(`proctoring.classes.${selected.duration_class}`)}
                </Text>
                <IntervalReviewForm
                  key={`${selected.key}:${selected.review?.decision ?? ''}`}
                  attemptId={attemptId}
                  assignmentId={assignmentId}
                  interval={selected}
                />
              </Stack>
            </Paper>
          ) : null}
        </Stack>
      </Paper>
      <CredibilityCard credibility={credibility} />
    </Stack>
  );
}
