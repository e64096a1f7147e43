import { Alert, Badge, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/i18n';
import { recordingsQuery } from '../api/recordings';
import { VideoPlayer } from '../components/video-player';
import { formatClock } from '../model/duration';
import { recordingSourceText } from '../recording-source-text';
import { attemptSessionsQuery, type AttemptSession } from './result-tabs-api';

const STATE_COLORS = { converted: 'teal', failure: 'red', processing: 'gray' } as const;
const stateOf = (session: AttemptSession): keyof typeof STATE_COLORS =>
  session.state === 'converted' || session.state === 'failure' ? session.state : 'processing';

/**
 * The attempt's recordings: every webinar session with where its conversion stands and its length, and
 * the converted ones played with the proctoring feature's player (hls.js, speeds 0.5–3).
 */
export function RecordingsTab({ attemptId }: { attemptId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const sessions = useQuery(attemptSessionsQuery(attemptId));
  const playable = useQuery(recordingsQuery(attemptId));
  const [sessionId, setSessionId] = useState<string | null>(null);
  if (sessions.isPending) return <Skeleton height={240} radius="md" data-testid="recordings-loading" />;
  if (sessions.isError) return <Alert color="red">{sessions.error.message}</Alert>;
  if (sessions.data.length === 0) {
    return (
      <Text c="dimmed" data-testid="recordings-empty">
        {t('assignments.result.recordings.empty')}
      </Text>
    );
  }
  const selected = playable.data?.find((r) => r.sessionId === sessionId) ?? playable.data?.[0];
  return (
    <Stack gap="md" data-testid="recordings-tab">
      <Paper withBorder radius="md" p="md">
        <Table data-testid="recordings-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('assignments.result.recordings.type')}</Table.Th>
              <Table.Th>{t('assignments.result.recordings.started')}</Table.Th>
              <Table.Th>{t('assignments.result.recordings.duration')}</Table.Th>
              <Table.Th>{t('assignments.result.recordings.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.data.map((session) => {
              const state = stateOf(session);
              return (
                <Table.Tr key={session.id} data-testid="recording-row" data-state={state}>
                  <Table.Td>{recordingSourceText(t, session.session_type)}</Table.Td>
                  <Table.Td>{format.dateTime(session.created_at)}</Table.Td>
                  <Table.Td ff="monospace">
                    {session.video_duration === null ? '—' : formatClock(Math.round(session.video_duration))}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATE_COLORS[state]} variant="light">
                      {t(`assignments.result.recordings.states.${state}`)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} fz="md">
            {t('proctoring.player.title')}
          </Title>
          {playable.isPending ? (
            <Skeleton height={240} />
          ) : selected ? (
            <VideoPlayer recordings={playable.data ?? []} selected={selected} onSelect={setSessionId} />
          ) : (
            <Text size="sm" c="dimmed" data-testid="no-recording">
              {t('proctoring.player.none')}
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
