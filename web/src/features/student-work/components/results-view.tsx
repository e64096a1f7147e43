import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/i18n';
import { plainTextOf } from '../../../shared/rich-text';
import {
  isQuestion,
  stepsOf,
  type StudentAssignment,
  type StudentAttempt,
  type StudentResult,
} from '../model';

const RESULT_COLORS = ['gray', 'blue', 'red', 'green'] as const;
const RESULT_KEYS = ['undefined', 'answered', 'false', 'true'] as const;

/**
 * The student's finished attempts. Points show when the teacher chose to show scores; the verdict on
 * each question when they chose to show results after finishing (000 §3 flags).
 */
export function ResultsView({
  assignment,
  attempts,
  results,
  score,
}: {
  assignment: StudentAssignment;
  attempts: StudentAttempt[];
  results: StudentResult[];
  score: number | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const finished = attempts.filter((a) => a.status === 'finished');
  if (finished.length === 0) return null;
  // Each attempt's own questions, in its order (a variant, a draw, a shuffle).
  const questionsOf = (attempt: StudentAttempt) =>
    stepsOf(assignment.components, attempt).filter((c) => isQuestion(c.type));
  const showScores = assignment.is_show_scores;
  const showResults = assignment.is_show_results_after_finished;
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="results-title"
      data-testid="results-view"
    >
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="results-title">
            {t('work.results.title')}
          </Title>
          {showScores && score !== null ? (
            <Text fw={600} data-testid="my-score">
              {t('work.results.score', {
                score: format.number(score),
                max: format.number(assignment.points),
              })}
            </Text>
          ) : null}
        </Group>
        {!showScores && !showResults ? <Text c="dimmed">{t('work.results.hidden')}</Text> : null}
        {finished.map((attempt) => (
          <Stack key={attempt.id} gap="xs">
            <Text fw={500}>
              {t('work.results.attempt', { number: attempt.number })} ·{' '}
              {t(`work.results.reasons.${attempt.finish_reason ?? 'student'}`)}
              {showScores && attempt.points !== null
                ? ` · ${t('work.results.points', { points: format.number(attempt.points, 1) })}`
                : ''}
            </Text>
            {showResults ? (
              <Table withTableBorder aria-label={t('work.results.attempt', { number: attempt.number })}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('work.results.question')}</Table.Th>
                    <Table.Th>{t('work.results.verdict')}</Table.Th>
                    {showScores ? <Table.Th>{t('work.results.pointsColumn')}</Table.Th> : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {questionsOf(attempt).map((q, i) => {
                    const r = results.find(
                      (x) => x.assignment_attempt_id === attempt.id && x.component_id === q.id,
                    );
                    return (
                      <Table.Tr key={q.id} data-testid="my-result-row">
                        <Table.Td>
                          {i + 1}. {plainTextOf(String(q.data.question ?? ''))}
                        </Table.Td>
                        <Table.Td>
                          <Badge color={r ? RESULT_COLORS[r.result] : 'gray'} variant="light">
                            {r
                              ? t(`work.results.codes.${RESULT_KEYS[r.result]}`)
                              : t('work.results.codes.none')}
                          </Badge>
                        </Table.Td>
                        {showScores ? (
                          <Table.Td>
                            {format.number(r?.points ?? 0, 1)} / {format.number(q.points)}
                          </Table.Td>
                        ) : null}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            ) : null}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
