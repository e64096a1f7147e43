import { Alert, Badge, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DeviceReportEntity } from '@sabaq/events';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/i18n';
import { deviceReportsQuery } from './device-report-api';

/**
 * The attempt's device report as the local agent sent it: the system (OS, Windows version, computer
 * name), the remote session and virtual machine flags, each display, what broke a rule and, for a full
 * report, the lists. The newest report is shown; the count of earlier ones is named.
 */
export function DeviceReportTab({ attemptId }: { attemptId: string }) {
  const { t } = useTranslation();
  const reports = useQuery(deviceReportsQuery(attemptId));
  if (reports.isPending) return <Skeleton height={200} radius="md" />;
  if (reports.isError) return <Alert color="red">{reports.error.message}</Alert>;
  const [latest, ...earlier] = reports.data;
  if (!latest) {
    return (
      <Text c="dimmed" data-testid="device-report-empty">
        {t('assignments.result.device.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="md" data-testid="device-report">
      <DeviceReportView entity={latest} />
      {earlier.length > 0 ? (
        <Text fz="sm" c="dimmed">
          {t('assignments.result.device.earlier', { count: earlier.length })}
        </Text>
      ) : null}
    </Stack>
  );
}

function Flag({ on, label }: { on: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={on ? 'red' : 'green'} variant="light" data-on={on}>
      {label}: {t(on ? 'assignments.result.device.yes' : 'assignments.result.device.no')}
    </Badge>
  );
}

function DeviceReportView({ entity }: { entity: DeviceReportEntity }) {
  const { t } = useTranslation();
  const format = useFormat();
  const r = entity.report;
  const dash = (value: string | number | null) => (value === null || value === '' ? '—' : String(value));
  return (
    <>
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="md" mb="xs">
          {t('assignments.result.device.system')}
        </Title>
        <Stack gap={4}>
          <Text data-testid="device-report-os">
            {t('assignments.result.device.os')}: {[r.os.distro, r.os.release].filter(Boolean).join(' ')} (
            {r.os.platform}){r.os.windows_version ? ` · ${r.os.windows_version}` : ''}
          </Text>
          <Text data-testid="device-report-host">
            {t('assignments.result.device.host')}: {r.os.hostname}
          </Text>
          <Text fz="sm" c="dimmed">
            {t('assignments.result.device.meta', {
              version: r.agent_version,
              id: r.unique_id,
              time: format.dateTime(entity.created_at),
            })}
          </Text>
          <Group gap="xs">
            <Flag on={r.remote_session} label={t('assignments.result.device.remote')} />
            <Flag on={r.virtual_machine} label={t('assignments.result.device.vm')} />
            {r.screen_locked !== null ? (
              <Flag on={r.screen_locked} label={t('assignments.result.device.locked')} />
            ) : null}
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="md" mb="xs">
          {t('assignments.result.device.displays', { count: r.displays.length })}
        </Title>
        {r.displays.length === 0 ? (
          <Text c="dimmed">{t('assignments.result.device.noDisplays')}</Text>
        ) : (
          <Table data-testid="device-report-displays">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('assignments.result.device.model')}</Table.Th>
                <Table.Th>{t('assignments.result.device.output')}</Table.Th>
                <Table.Th>{t('assignments.result.device.resolution')}</Table.Th>
                <Table.Th>{t('assignments.result.device.main')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.displays.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>{dash(d.model ?? d.name)}</Table.Td>
                  <Table.Td>{dash(d.output_type)}</Table.Td>
                  <Table.Td>{d.width && d.height ? `${d.width} × ${d.height}` : '—'}</Table.Td>
                  <Table.Td>{d.main ? t('assignments.result.device.yes') : ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="md" mb="xs">
          {t('assignments.result.device.findings')}
        </Title>
        {r.findings.length === 0 ? (
          <Text c="green" data-testid="device-report-findings" data-count={0}>
            {t('assignments.result.device.noFindings')}
          </Text>
        ) : (
          <Stack gap={4} data-testid="device-report-findings" data-count={r.findings.length}>
            {r.findings.map((f) => (
              <Text key={`${f.kind}:${f.key}`} c="red">
                {t(`proctoring.types.${f.kind}`)}: {f.detail}
              </Text>
            ))}
          </Stack>
        )}
      </Paper>
      {r.full ? (
        <Paper withBorder radius="md" p="md" data-testid="device-report-lists">
          <Title order={2} fz="md" mb="xs">
            {t('assignments.result.device.lists')}
          </Title>
          <Text fz="sm">
            {t('assignments.result.device.processes', { count: r.processes.length })}:{' '}
            {r.processes.map((p) => p.name).join(', ')}
          </Text>
          <Text fz="sm">
            {t('assignments.result.device.usb', { count: r.usb_devices.length })}:{' '}
            {r.usb_devices.map((u) => u.name).join(', ') || '—'}
          </Text>
          <Text fz="sm">
            {t('assignments.result.device.connections')}: {dash(r.connections)}
          </Text>
        </Paper>
      ) : null}
    </>
  );
}
