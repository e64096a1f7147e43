import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/i18n';
import type { StudentAssignment } from '../model';

const STATUS_COLORS = {
  process: 'green',
  remaining: 'blue',
  suspended: 'orange',
  completed: 'gray',
} as const;

/** Status, deadline, time limit and attempts: what a student checks before starting. */
export function AssignmentFacts({ assignment, used }: { assignment: StudentAssignment; used: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Group gap="lg" data-testid="assignment-facts">
      <Badge color={STATUS_COLORS[assignment.status]} variant="light">
        {t(`work.status.${assignment.status}`)}
      </Badge>
      <Text size="sm">
        {assignment.ending_at_type === 'date'
          ? t('work.facts.until', { date: format.dateTime(assignment.ending_at) })
          : t('work.facts.noEnd')}
      </Text>
      <Text size="sm">
        {assignment.complete_time === null
          ? t('work.facts.noTimeLimit')
          : t('work.facts.timeLimit', { count: assignment.complete_time })}
      </Text>
      <Text size="sm">
        {assignment.max_attempts === null
          ? t('work.facts.attemptsUnlimited', { used })
          : t('work.facts.attempts', { used, max: assignment.max_attempts })}
      </Text>
    </Group>
  );
}
