import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useFormat } from '../../../shared/i18n';
import { PageHeading } from '../../../shared/ui/page-heading';
// Straight from its file: through the feature's index the public report page and its chart would join
// the teacher's area chunk.
import { ShareReportAction } from '../../public-report/components/share-report-action';
import { answerText } from '../answer-text';
import { assignmentQuery, assignmentWorkQuery, studentNamesQuery } from '../api';
import { isQuestion, RESULT_COLORS, RESULT_KEYS } from '../model';
import { countedPoints } from '../work-summary';
import { ReviewForm } from './review-form';
import { UploadLinkPanel } from './upload-link-panel';
import { ResultTabs } from '../../proctoring';
import { plainTextOf } from '../../../shared/rich-text';

/**
 * /t/assignments/result/{assignment}/{result}: one attempt in tabs (?tab=): question by question with the
 * review form, then its violations, recordings, identity photos, action log and AI report.
 */
export function AttemptResultPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { assignment: assignmentId = '', result: attemptId = '' } = useParams();
  const assignment = useQuery(assignmentQuery(assignmentId));
  const work = useQuery(assignmentWorkQuery(assignmentId));
  const attempt = work.data?.attempts.find((a) => a.id === attemptId);
  const names = useQuery(studentNamesQuery(attempt ? [attempt.student_id] : []));
  if (assignment.isPending || work.isPending) return <Skeleton height={320} radius="md" />;
  if (!assignment.data || !attempt || !work.data)
    return <PageHeading title={t('assignments.result.missing')} />;
  const questions = assignment.data.components.filter((c) => isQuestion(c.type));
  const results = work.data.results.filter((r) => r.assignment_attempt_id === attemptId);
  const total = results.reduce((sum, r) => sum + countedPoints(r, work.data.reviews), 0);
  const student = names.data?.[attempt.student_id] ?? '';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <PageHeading
          title={t('assignments.result.title', { number: attempt.number })}
          description={`${assignment.data.name}${student ? ` · ${student}` : ''}`}
        />
        <ShareReportAction assignmentId={assignmentId} attemptId={attemptId} />
      </Group>
      <ResultTabs
        attemptId={attemptId}
        assignmentId={assignmentId}
        results={
          <Stack gap="md">
            <Paper withBorder radius="md" p="md" data-testid="attempt-summary">
              <Group gap="xl">
                <Text>
                  {t('assignments.result.points')}: <b>{format.number(total, 1)}</b> /{' '}
                  {format.number(assignment.data.points)}
                </Text>
                <Text>
                  {t('assignments.work.state')}:{' '}
                  {attempt.status === 'active'
                    ? t('assignments.work.active')
                    : t(`assignments.finishReasons.${attempt.finish_reason ?? 'student'}`)}
                </Text>
              </Group>
            </Paper>
            {assignment.data.is_proctoring ? <UploadLinkPanel attemptId={attemptId} /> : null}
            {questions.map((question, index) => {
              const result = results.find((r) => r.component_id === question.id);
              const counted = result ? countedPoints(result, work.data.reviews) : null;
              // The latest review decides the verdict and the points (docs/assignments.md).
              const review = result
                ? work.data.reviews.filter((r) => r.assignment_result_id === result.id).at(-1)
                : undefined;
              const reviewed = review !== undefined;
              const verdict = (review?.result ?? result?.result ?? 0) as 0 | 1 | 2 | 3;
              const title = plainTextOf(String(question.data.question ?? ''));
              return (
                <Paper withBorder radius="md" p="md" key={question.id} data-testid="result-question">
                  <Stack gap="xs">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Title order={2} fz="md">
                        {t('assignments.result.question', { number: index + 1 })}: {title}
                      </Title>
                      {result ? (
                        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                          {review ? (
                            <Text size="xs" c="dimmed">
                              {t('assignments.review.reviewed')}
                            </Text>
                          ) : null}
                          <Badge color={RESULT_COLORS[verdict]} variant="light" data-testid="result-verdict">
                            {t(`assignments.results.${RESULT_KEYS[verdict]}`)}
                          </Badge>
                        </Group>
                      ) : (
                        <Badge color="gray" variant="outline" style={{ flexShrink: 0 }}>
                          {t('assignments.results.none')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {t(`assignments.questionTypes.${question.type as 'free'}`)} ·{' '}
                      {t('assignments.result.max', { points: format.number(question.points) })}
                    </Text>
                    <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="student-answer">
                      {result ? answerText(question.type, question.data, result.answer) || '—' : '—'}
                    </Text>
                    {result ? (
                      <>
                        <Text size="sm">
                          {t('assignments.result.points')}: {format.number(counted ?? 0, 1)}
                        </Text>
                        <ReviewForm
                          assignmentId={assignmentId}
                          resultId={result.id}
                          max={question.points}
                          current={reviewed ? counted : null}
                          label={t('assignments.review.label', { number: index + 1 })}
                        />
                      </>
                    ) : null}
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
        }
      />
    </Stack>
  );
}
