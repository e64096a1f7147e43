import { Alert, Anchor, Badge, Button, Paper, Progress, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useFormat } from '../../../shared/i18n';
import { PageHeading } from '../../../shared/ui/page-heading';
import { reportQuery, type Report, type ReportRow } from '../api';
import { BAND_COLORS } from '../model';
import { AnswerComparison } from './answer-comparison';
import { DistributionChart } from './distribution-chart';

/** /t/antiplagiarism/report/{task}: the check's figures, lowest originality first; a row opens the comparison. */
export function AntiplagiarismReportPage() {
  const { t } = useTranslation();
  const task = useParams().task ?? '';
  const report = useQuery({ ...reportQuery(task), meta: { errorToast: false } });
  const [opened, setOpened] = useState<ReportRow | null>(null);
  if (report.isPending) return <Skeleton height={360} radius="md" />;
  if (!report.data) {
    return <PageHeading title={t('antiplagiarism.report.missing')} description={report.error?.message} />;
  }
  const r = report.data;
  return (
    <Stack gap="md">
      <PageHeading title={`${t('antiplagiarism.report.title')}: ${r.assignment.name}`} />
      <Anchor component={Link} to={`/t/assignments/${r.assignment.id}`} size="sm">
        {r.assignment.name}
      </Anchor>
      <ReportBody report={r} onOpen={setOpened} />
      {opened ? (
        <AnswerComparison key={opened.answer_key} task={task} row={opened} onClose={() => setOpened(null)} />
      ) : null}
    </Stack>
  );
}

function ReportBody({ report, onOpen }: { report: Report; onOpen: (row: ReportRow) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { task, check } = report;
  if (task.state === 'new' || task.state === 'process') {
    return (
      <Paper withBorder radius="md" p="md">
        <Text size="sm" mb="xs">
          {t('antiplagiarism.report.waiting', { progress: task.progress })}
        </Text>
        <Progress value={task.progress} animated />
      </Paper>
    );
  }
  if (!check) {
    return (
      <Alert color="red">{t('antiplagiarism.report.failed', { error: task.error ?? task.state })}</Alert>
    );
  }
  return (
    <>
      <Text size="sm" c="dimmed">
        {t('antiplagiarism.report.summary', {
          answers: check.answers,
          compared: check.compared_assignments,
          at: format.dateTime(check.checked_at),
        })}{' '}
        {check.mode === 'flagged'
          ? t('antiplagiarism.report.modeFlagged')
          : t('antiplagiarism.report.modeAllText')}
      </Text>
      {report.rows.length === 0 ? (
        <Text c="dimmed">{t('antiplagiarism.report.empty')}</Text>
      ) : (
        <>
          <DistributionChart distribution={report.distribution} />
          <SummaryTable rows={report.rows} onOpen={onOpen} />
        </>
      )}
    </>
  );
}

function SummaryTable({ rows, onOpen }: { rows: ReportRow[]; onOpen: (row: ReportRow) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={560}>
        <Table
          verticalSpacing="sm"
          highlightOnHover
          aria-label={t('antiplagiarism.report.title')}
          data-testid="report-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('antiplagiarism.report.student')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('antiplagiarism.report.question')}</Table.Th>
              <Table.Th style={{ minWidth: 190 }}>{t('antiplagiarism.report.originality')}</Table.Th>
              <Table.Th>{t('antiplagiarism.report.source')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.answer_key} data-testid="report-row">
                <Table.Td fw={500}>{row.student_name}</Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" lineClamp={2}>
                    {row.question}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <Text fw={600} data-testid="originality">
                      {row.originality === null ? '—' : `${format.number(row.originality, 1)} %`}
                    </Text>
                    <Badge color={BAND_COLORS[row.band]} variant="light" size="sm">
                      {row.band === 'short'
                        ? t('antiplagiarism.report.tooShort')
                        : t(`antiplagiarism.report.bands.${row.band}`)}
                    </Badge>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  {row.strongest_source ? (
                    <Stack gap={0}>
                      <Text size="sm">{row.strongest_source.student_name}</Text>
                      <Text size="xs" c="dimmed">
                        {row.strongest_source.assignment_name} ·{' '}
                        {t('antiplagiarism.report.similarity', {
                          value: format.number(row.strongest_source.similarity, 1),
                        })}
                      </Text>
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('antiplagiarism.report.noSource')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => onOpen(row)}
                    disabled={row.verdict === 'too_short'}
                  >
                    {t('antiplagiarism.report.open')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
