import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { aiReportKeys, attemptAiReportsQuery, requestAiAnalysis, type AiReport } from '../api';
import { ReportBody } from './report-body';

const finished = (report: AiReport) => report.status === 'completed' || report.status === 'failed';

/** The attempt's reports per recording session, each newest version first (the list is by run, desc). */
function bySession(reports: readonly AiReport[]): AiReport[][] {
  const sessions = new Map<string, AiReport[]>();
  for (const report of reports) {
    const versions = sessions.get(report.session_id) ?? [];
    versions.push(report);
    sessions.set(report.session_id, versions);
  }
  return [...sessions.values()];
}

/**
 * The AI report of one attempt (issue 9: summary, intervals with thumbnails, score, models, diff): per
 * recording its newest version or a chosen earlier one, which detectors ran, and a button that asks for
 * the analysis (again) while none is running.
 */
export function AiReportPanel({ attemptId }: { attemptId: string }) {
  const { t } = useTranslation();
  const reports = useQuery(attemptAiReportsQuery(attemptId));
  const queryClient = useQueryClient();
  const request = useMutation({
    mutationFn: () => requestAiAnalysis(attemptId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aiReportKeys.attempt(attemptId) }),
    meta: { errorToast: false },
  });
  if (reports.isPending) return <Skeleton height={160} radius="md" />;
  const sessions = bySession(reports.data ?? []);
  const running = sessions.some((versions) => !finished(versions[0]!));
  return (
    <Paper withBorder radius="md" p="md" data-testid="ai-report">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {t('aiReport.title')}
          </Title>
          {running ? null : (
            <Button
              variant="light"
              size="xs"
              loading={request.isPending}
              onClick={() => request.mutate()}
              data-testid={sessions.length ? 'ai-report-rerun' : 'ai-report-request'}
            >
              {sessions.length ? t('aiReport.rerun') : t('aiReport.request')}
            </Button>
          )}
        </Group>
        {request.error ? (
          <Alert color="red" data-testid="ai-report-request-error">
            {request.error.message}
          </Alert>
        ) : null}
        {sessions.length === 0 ? (
          <Text c="dimmed" data-testid="ai-report-none">
            {t('aiReport.none')}
          </Text>
        ) : (
          sessions.map((versions, index) => (
            <SessionReports
              key={versions[0]!.session_id}
              versions={versions}
              title={sessions.length > 1 ? t('aiReport.recording', { n: index + 1 }) : null}
            />
          ))
        )}
      </Stack>
    </Paper>
  );
}

/** One recording's reports: the newest version, or an earlier one chosen to compare with. */
function SessionReports({ versions, title }: { versions: AiReport[]; title: string | null }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  // A new run shows itself (its progress) even when an earlier version was chosen.
  const shown = (chosen && versions.find((r) => r.id === chosen && finished(versions[0]!))) || versions[0]!;
  return (
    <Stack gap="sm" data-testid="ai-report-session">
      {title ? (
        <Title order={3} fz="md">
          {title}
        </Title>
      ) : null}
      {versions.length > 1 ? (
        <Select
          label={t('aiReport.versions')}
          data-testid="ai-report-versions"
          w={260}
          allowDeselect={false}
          value={shown.id}
          onChange={setChosen}
          data={versions.map((r) => ({
            value: r.id,
            label:
              r.id === versions[0]!.id
                ? t('aiReport.latestVersion', { version: r.version })
                : t('aiReport.version', { version: r.version }),
          }))}
        />
      ) : null}
      <ReportBody report={shown} />
    </Stack>
  );
}
