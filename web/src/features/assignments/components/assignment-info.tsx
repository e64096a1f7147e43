import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/i18n';
import type { Assignment } from '../model';
import { StatusBadge } from './status-badge';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </Stack>
  );
}

/** The assignment's facts: type, status, dates, limits, points and proctoring. */
export function AssignmentInfo({ assignment }: { assignment: Assignment }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Paper withBorder radius="md" p="lg" data-testid="assignment-info">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg">
        <Fact label={t('assignments.fields.status')}>
          <StatusBadge status={assignment.status} />
        </Fact>
        <Fact label={t('assignments.fields.type')}>{t(`assignments.types.${assignment.type}`)}</Fact>
        <Fact label={t('assignments.fields.startingAt')}>{format.dateTime(assignment.starting_at)}</Fact>
        <Fact label={t('assignments.fields.endingAt')}>
          {assignment.ending_at_type === 'date'
            ? format.dateTime(assignment.ending_at)
            : t('assignments.noEnd')}
        </Fact>
        <Fact label={t('assignments.fields.complete_time')}>
          {assignment.complete_time === null
            ? t('assignments.unlimited')
            : t('assignments.minutes', { count: assignment.complete_time })}
        </Fact>
        <Fact label={t('assignments.fields.max_attempts')}>
          {assignment.max_attempts === null
            ? t('assignments.unlimited')
            : t('assignments.attempts', { count: assignment.max_attempts })}
        </Fact>
        <Fact label={t('assignments.fields.points')}>{format.number(assignment.points)}</Fact>
        <Fact label={t('assignments.flags.is_proctoring')}>
          {assignment.is_proctoring ? t('common.yes') : t('common.no')}
        </Fact>
      </SimpleGrid>
    </Paper>
  );
}
