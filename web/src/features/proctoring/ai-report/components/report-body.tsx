import { Alert, Badge, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../shared/i18n';
import type { AiReport } from '../api';
import { DetectorsList } from './detectors-list';
import { IntervalThumbnail } from './interval-thumbnail';

const scoreColor = (score: number) => (score >= 80 ? 'teal' : score >= 60 ? 'yellow' : 'red');

/** One version of one recording's report: its progress, its failure, or its findings. */
export function ReportBody({ report }: { report: AiReport }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (report.status === 'pending' || report.status === 'in_process') {
    return (
      <Stack gap={4} data-testid="ai-report-progress" data-version={report.version}>
        <Text size="sm">
          {report.status === 'pending'
            ? t('aiReport.queued', { version: report.version })
            : t('aiReport.inProcess', { version: report.version, progress: report.progress })}
        </Text>
        <Progress value={report.progress} aria-label={t('aiReport.progress')} animated />
      </Stack>
    );
  }
  if (report.status === 'failed') {
    return (
      <Alert color="red" data-testid="ai-report-failed">
        {t('aiReport.failed')}: {report.failure}
      </Alert>
    );
  }
  const label = (type: string) => t(`aiReport.types.${type as 'face_missing'}`);
  return (
    <Stack gap="md">
      <Group gap="lg" align="center">
        <Badge size="xl" color={scoreColor(report.credibility.score)} data-testid="ai-report-score">
          {report.credibility.score}
        </Badge>
        <Text size="sm" data-testid="ai-report-version" data-version={report.version}>
          {t('aiReport.score')} · {t('aiReport.version', { version: report.version })} ·{' '}
          {report.requested_by ? t('aiReport.byRequest') : t('aiReport.automatic')}
        </Text>
      </Group>
      <DetectorsList detectors={report.detectors} />
      {report.diff ? (
        <Text size="sm" data-testid="ai-report-diff">
          {t('aiReport.diff', {
            previous: report.diff.previous_run,
            added: report.diff.added.length,
            removed: report.diff.removed.length,
            changed: report.diff.changed.length,
            before: report.diff.score_before,
            after: report.diff.score_after,
          })}
        </Text>
      ) : null}
      {report.summary.length === 0 ? (
        <Text c="dimmed">{t('aiReport.clean')}</Text>
      ) : (
        <Table withTableBorder data-testid="ai-report-summary">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('aiReport.type')}</Table.Th>
              <Table.Th>{t('aiReport.count')}</Table.Th>
              <Table.Th>{t('aiReport.total')}</Table.Th>
              <Table.Th>{t('aiReport.strongest')}</Table.Th>
              <Table.Th>{t('aiReport.points')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.summary.map((row) => (
              <Table.Tr key={row.type}>
                <Table.Td>{label(row.type)}</Table.Td>
                <Table.Td>{row.count}</Table.Td>
                <Table.Td>{row.total_text}</Table.Td>
                <Table.Td>{format.number(row.strongest * 100, 0)} %</Table.Td>
                <Table.Td>
                  −
                  {format.number(
                    report.credibility.contributions.find((c) => c.type === row.type)?.points ?? 0,
                    1,
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Stack gap="xs" data-testid="ai-report-intervals">
        {report.intervals.map((interval, index) => (
          <Group
            key={index}
            gap="md"
            wrap="nowrap"
            data-testid="ai-report-interval"
            data-type={interval.type}
            data-start={interval.start}
            data-end={interval.end}
          >
            {interval.thumb_url ? (
              <IntervalThumbnail url={interval.thumb_url} alt={label(interval.type)} />
            ) : (
              <div style={{ width: 120 }} />
            )}
            <Stack gap={0}>
              <Text fw={600}>{label(interval.type)}</Text>
              <Text size="sm">
                {clock(interval.start)}–{clock(interval.end)} · {interval.duration_text} ·{' '}
                {t(`aiReport.classes.${interval.duration_class}`)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('aiReport.confidence', { value: format.number(interval.confidence * 100, 0) })}
              </Text>
            </Stack>
          </Group>
        ))}
      </Stack>
      <Text size="xs" c="dimmed" data-testid="ai-report-models">
        {t('aiReport.models')}: {report.models.join(', ')}
      </Text>
    </Stack>
  );
}

/** Seconds on the recording as m:ss (h:mm:ss past an hour). */
function clock(seconds: number): string {
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
