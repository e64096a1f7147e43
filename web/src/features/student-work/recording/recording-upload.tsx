import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { records } from '../../../shared/api';
// Straight from their files: the recorder and uploader stay out of this page's code.
import { chunkStore } from '../../../shared/recording/chunk-store';
import { issueUploadLink, UploadLinkShown } from '../../../shared/recording/upload-link';
import { recordingState, unsentHere, type AttemptSession, type RecordingState } from './recording-state';
import { useRecordingText } from './recording-text';

/** While the recording is not all in, the page asks again this often (the exam's uploader runs every 10 s). */
const RECHECK_MS = 10_000;

const TONE: Record<RecordingState, { color: string; variant: 'light' | 'transparent' }> = {
  none: { color: 'orange', variant: 'light' },
  incomplete: { color: 'yellow', variant: 'light' },
  sent: { color: 'gray', variant: 'transparent' },
};

/**
 * The student's own proctored attempt, once over: whether its recording reached the server, and the
 * attempt's upload link (/session/upload/{token}) with its QR, for a recording the exam could not send
 * live (a broken connection, a closed tab, a phone that recorded offline). The same link the teacher's
 * result page hands out; the platform gives it to the attempt's own student only (docs/media.md).
 */
export function RecordingUpload({ attempt }: { attempt: { id: string; number: number } }) {
  const t = useRecordingText();
  const sessions = useQuery({
    queryKey: ['student-work', 'recording', attempt.id],
    queryFn: ({ signal }) =>
      records.list<AttemptSession>(
        'webinar-sessions',
        { filter: { assignment_attempt_id: attempt.id } },
        signal,
      ),
    refetchInterval: (query) =>
      query.state.data && recordingState(query.state.data) === 'sent' ? false : RECHECK_MS,
    meta: { errorToast: false },
  });
  // IndexedDB may be unavailable (a private window): then nothing is held here.
  const local = useQuery({
    queryKey: ['student-work', 'recording', 'local'],
    queryFn: () => chunkStore.all().catch(() => []),
    refetchInterval: RECHECK_MS,
  });
  const issue = useMutation({ mutationFn: () => issueUploadLink(attempt.id) });
  if (!sessions.data) return null;
  const state = recordingState(sessions.data);
  const held = unsentHere(sessions.data, local.data ?? []);
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="recording-upload-title"
      data-testid="recording-upload"
      data-state={state}
    >
      <Stack gap="sm">
        <Title order={2} fz="md" id="recording-upload-title">
          {attempt.number > 1 ? t('titleOf', { number: attempt.number }) : t('title')}
        </Title>
        <Alert {...TONE[state]} p={state === 'sent' ? 0 : undefined} data-testid="recording-upload-state">
          {t(`states.${state}`)}
        </Alert>
        {held > 0 ? (
          <Text size="sm" fw={600} data-testid="recording-upload-held">
            {t('unsentHere', { count: held })}
          </Text>
        ) : null}
        {issue.data ? (
          <UploadLinkShown
            link={issue.data}
            qrLabel={t('qr')}
            expires={t('expires')}
            testId="recording-upload"
          />
        ) : (
          <Group>
            <Button
              variant={state === 'sent' ? 'light' : 'filled'}
              loading={issue.isPending}
              onClick={() => issue.mutate()}
              data-testid="recording-upload-issue"
            >
              {t('issue')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
