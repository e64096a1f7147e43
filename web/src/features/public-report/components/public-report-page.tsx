import type { PublicReport } from '@sabaq/events';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  ColorSwatch,
  Divider,
  Group,
  Paper,
  RingProgress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { useFormat } from '../../../shared/i18n';
import classes from './public-report-page.module.css';
import { useTypeLabel, ViolationsChart } from './violations-chart';

/**
 * `/report/{token}` (000 §2 assignment-report): what a certificate's QR code or a teacher's share link
 * opens, signed in or not. One printable sheet: the school, the student, the assignment, the outcome,
 * the certificate's validity and, where the assignment allows it, the proctoring summary.
 */
export function PublicReportPage() {
  const report = useLoaderData() as PublicReport;
  const { t } = useTranslation();
  const format = useFormat();
  useDocumentTitle(`${t('publicReport.title')} · ${report.student.name} · ${t('app.name')}`);
  const revoked = report.certificate?.is_valid === false;
  return (
    <Stack gap="md" maw={860} mx="auto" data-testid="public-report">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} className={classes.sheet}>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              {report.school.logo ? <Avatar src={report.school.logo} radius="sm" size="lg" /> : null}
              <div>
                <Text c="dimmed" size="sm">
                  {t(`publicReport.kind.${report.kind}`)}
                </Text>
                <Title order={1} fz={26}>
                  {t('publicReport.title')}
                </Title>
                <Text fw={500}>{report.school.name}</Text>
              </div>
            </Group>
            <StatusBadge report={report} />
          </Group>
          {revoked ? (
            <Alert color="red" variant="light" title={t('publicReport.revoked')} data-testid="report-revoked">
              {t('publicReport.revokedHint')}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <Fact label={t('publicReport.student')} value={report.student.name} testId="report-student" />
            <Fact label={t('publicReport.assignment')} value={report.assignment.name} />
            <Fact label={t('publicReport.date')} value={format.dateTime(report.date)} />
            {report.certificate ? (
              <Fact
                label={t('publicReport.number')}
                // On an attempt's report the badge is the outcome: the certificate's validity goes here.
                value={
                  report.kind === 'attempt'
                    ? `${report.certificate.number} · ${report.certificate.is_valid ? t('publicReport.valid') : t('publicReport.revoked')}`
                    : report.certificate.number
                }
                testId="report-certificate"
              />
            ) : null}
            {report.score ? (
              <Fact
                label={t('publicReport.score')}
                value={t('publicReport.scoreValue', {
                  points: format.number(report.score.points, 1),
                  max: format.number(report.score.max, 1),
                  percent: report.score.percent,
                })}
                testId="report-score"
              />
            ) : null}
            {report.passed !== null ? (
              <Fact
                label={t('publicReport.result')}
                value={report.passed ? t('publicReport.passed') : t('publicReport.failed')}
                testId="report-result"
              />
            ) : null}
          </SimpleGrid>
          {report.proctoring ? <ProctoringSection summary={report.proctoring} /> : null}
        </Stack>
      </Paper>
      <Group justify="space-between" className={classes.noPrint}>
        <Text size="sm" c="dimmed" maw={560}>
          {t('publicReport.notice')}
        </Text>
        <Button variant="default" onClick={() => window.print()}>
          {t('publicReport.print')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A certificate's report shows its validity; an attempt's, its outcome. */
function StatusBadge({ report }: { report: PublicReport }) {
  const { t } = useTranslation();
  if (report.kind === 'certificate' && report.certificate) {
    const valid = report.certificate.is_valid;
    return (
      <Badge
        size="lg"
        color={valid ? 'teal' : 'red'}
        variant="filled"
        style={{ flexShrink: 0 }}
        data-testid="report-validity"
      >
        {valid ? t('publicReport.valid') : t('publicReport.revoked')}
      </Badge>
    );
  }
  if (report.passed === null) return null;
  return (
    <Badge
      size="lg"
      color={report.passed ? 'teal' : 'gray'}
      variant="light"
      style={{ flexShrink: 0 }}
      data-testid="report-validity"
    >
      {report.passed ? t('publicReport.passed') : t('publicReport.failed')}
    </Badge>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="lg" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

function ProctoringSection({ summary }: { summary: NonNullable<PublicReport['proctoring']> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const typeLabel = useTypeLabel();
  const color = summary.credibility >= 80 ? 'teal' : summary.credibility >= 60 ? 'yellow' : 'red';
  return (
    <Stack gap="sm" data-testid="report-proctoring">
      <Divider />
      <Title order={2} fz="lg">
        {t('publicReport.proctoring')}
      </Title>
      <Group gap="md" wrap="nowrap">
        <RingProgress
          size={96}
          thickness={10}
          roundCaps
          sections={[{ value: summary.credibility, color }]}
          label={
            <Text ta="center" fw={700} fz="xl" data-testid="report-credibility">
              {summary.credibility}
            </Text>
          }
        />
        <div>
          <Text fw={600}>{t('publicReport.credibility')}</Text>
          <Text size="sm" c="dimmed">
            {t('publicReport.credibilityHint')}
          </Text>
        </div>
      </Group>
      {summary.types.length === 0 ? (
        <Text c="dimmed">{t('publicReport.noViolations')}</Text>
      ) : (
        <>
          <Text fw={600}>{t('publicReport.chart')}</Text>
          <ViolationsChart types={summary.types} />
          <Table
            withTableBorder
            striped
            fz="sm"
            horizontalSpacing="xs"
            // Fixed columns wrap their words on a phone instead of pushing the table out of the sheet.
            layout="fixed"
            data-testid="report-types"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('publicReport.type')}</Table.Th>
                <Table.Th ta="right" w="26%">
                  {t('publicReport.intervals')}
                </Table.Th>
                <Table.Th ta="right" w="28%">
                  {t('publicReport.seconds')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summary.types.map((entry) => (
                <Table.Tr key={entry.type}>
                  <Table.Td>
                    <Group gap={8} wrap="nowrap">
                      {/* The chart's colour, named for those who cannot tell colours apart. */}
                      <ColorSwatch
                        size={10}
                        color={`var(--mantine-color-${entry.kind === 'violation' ? 'red' : 'orange'}-6)`}
                        title={t(`publicReport.${entry.kind}`)}
                        aria-label={t(`publicReport.${entry.kind}`)}
                        style={{ flexShrink: 0 }}
                      />
                      {typeLabel(entry.type)}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{entry.intervals}</Table.Td>
                  <Table.Td ta="right">{format.duration(entry.seconds)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
