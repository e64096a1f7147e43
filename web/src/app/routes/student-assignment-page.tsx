import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeading } from '../../shared/ui/page-heading';
import { ProctorMessages } from '../../features/chat';
import { ProctoredExam } from '../../features/exam-client';
import { ExternalFacts } from '../../features/external-assignment';
// Straight from its file: the webinar's call code stays in its own chunk.
import { WebinarJoinLink } from '../../features/webinars/components/webinar-join-link';
import { myWorkQuery, studentAssignmentQuery } from '../../features/student-work/api';
import { studentState } from '../../features/student-work/model';
import { AssignmentFacts } from '../../features/student-work/components/assignment-facts';
import { AttemptRunner } from '../../features/student-work/components/attempt-runner';
import { ExternalAttempt } from '../../features/student-work/components/external-attempt';
import { ResultsView } from '../../features/student-work/components/results-view';
import { RecordingUpload } from '../../features/student-work/recording/recording-upload';
import { attemptToUpload, recordsAnything } from '../../features/student-work/recording/recording-state';
import { BuyButton } from '../../features/shop/components/buy-button';
import { useAssignmentGranted } from '../../features/shop/use-granted';

/** While an attempt runs, its end is read again this often: a teacher may add time or finish it. */
const ACTIVE_REFRESH_MS = 30_000;

/** /s/assignments/{assignment}: the attempt in progress, or the facts, the way to start, and results. */
export function StudentAssignmentPage() {
  const { t } = useTranslation();
  const id = useParams().assignment ?? '';
  const assignment = useQuery({ ...studentAssignmentQuery(id), meta: { errorToast: false } });
  const work = useQuery({
    ...myWorkQuery(id),
    refetchInterval: (query) =>
      query.state.data?.attempts.some((a) => a.status === 'active') ? ACTIVE_REFRESH_MS : false,
  });
  const state = assignment.data && work.data ? studentState(assignment.data, work.data.attempts) : null;
  // A prepaid assignment not bought yet offers the buy button, not a start the server would refuse.
  const granted = useAssignmentGranted(id, assignment.data?.access_type === 'prepaid');
  if (assignment.isPending || work.isPending) return <Skeleton height={320} radius="md" />;
  if (!assignment.data || !work.data || !state) {
    return <PageHeading title={t('work.missing')} description={assignment.error?.message} />;
  }
  const a = assignment.data;
  // A proctored attempt that is over: its recording's state and the upload link for what did not go.
  const uploadFor =
    a.is_proctoring && recordsAnything(a.settings) ? attemptToUpload(work.data.attempts) : null;
  return (
    <Stack gap="md">
      <PageHeading title={a.name} description={a.description ?? undefined} />
      {/* A prepaid assignment the school sells: buying it opens the basket (docs/shop.md). */}
      {state.kind === 'active' ? null : <BuyButton assignmentId={a.id} />}
      {state.kind === 'active' ? (
        a.is_proctoring ? (
          // A proctored attempt runs inside the exam client (recording, checks, detectors).
          <ProctoredExam
            key={state.attempt.id}
            assignment={a}
            attemptId={state.attempt.id}
            messages={<ProctorMessages assignmentId={a.id} />}
          >
            {a.type === 'external' ? (
              <ExternalAttempt assignment={a} attempt={state.attempt} />
            ) : (
              <AttemptRunner assignment={a} attempt={state.attempt} results={work.data.results} />
            )}
          </ProctoredExam>
        ) : a.type === 'external' ? (
          <ExternalAttempt key={state.attempt.id} assignment={a} attempt={state.attempt} />
        ) : (
          <AttemptRunner
            key={state.attempt.id}
            assignment={a}
            attempt={state.attempt}
            results={work.data.results}
          />
        )
      ) : (
        <>
          <AssignmentFacts assignment={a} used={work.data.attempts.length} />
          {a.type === 'external' ? <ExternalFacts /> : null}
          {a.is_webinar ? (
            <Group>
              <WebinarJoinLink assignmentId={a.id} />
            </Group>
          ) : null}
          {a.type === 'webinar' ? null : state.kind === 'can-start' && granted === false ? (
            <Alert color="blue" data-testid="paid-access">
              {t('work.paidAccess')}
            </Alert>
          ) : state.kind === 'can-start' ? (
            <Group>
              <Button component={Link} to={`/s/assignments/${a.id}/register`} data-testid="go-register">
                {work.data.attempts.length > 0 ? t('work.startAgain') : t('work.start')}
              </Button>
            </Group>
          ) : state.kind === 'waiting' ? (
            <Alert color="blue">
              <Group justify="space-between">
                {t('work.waiting')}
                <Button component={Link} to={`/s/assignments/${a.id}/register`} variant="light">
                  {t('work.toRegister')}
                </Button>
              </Group>
            </Alert>
          ) : (
            <Alert color="gray" data-testid="closed-reason">
              {t(`work.closed.${state.reason}`)}
            </Alert>
          )}
          {uploadFor ? <RecordingUpload key={uploadFor.id} attempt={uploadFor} /> : null}
          <ResultsView
            assignment={a}
            attempts={work.data.attempts}
            results={work.data.results}
            score={work.data.score}
          />
        </>
      )}
    </Stack>
  );
}
