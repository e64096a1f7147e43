import { Badge, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/i18n';
import type { Health } from '../types';
import { modeLabel, overallLabel } from './labels';
import { colorOf, overallColor } from './status-colors';

interface OverviewPanelProps {
  health: Health;
  /** When the shown answer arrived (ms since epoch). */
  updatedAt: number;
  refreshing: boolean;
}

/** The verdict first, then the counts behind it, then the facts about this running platform. */
export function OverviewPanel({ health, updatedAt, refreshing }: OverviewPanelProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const componentsUp = health.components.filter((c) => c.status === 'up').length;
  const projectionsLive = health.projections.filter((p) => p.status === 'live' && p.lag === 0).length;
  return (
    <Card data-testid="status-overview" data-status={health.status}>
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Badge
            size="xl"
            variant="filled"
            radius="sm"
            color={colorOf(overallColor, health.status)}
            data-testid="overall-status"
          >
            {overallLabel(t, health.status)}
          </Badge>
          <Group gap={6} c="dimmed" fz="sm" wrap="nowrap">
            {refreshing && <Loader size={12} color="gray" />}
            <span>
              {t('status.meta.updatedAt')}: {format.time(updatedAt)}
            </span>
          </Group>
        </Group>
        <Stack gap={2}>
          <Text fz="sm">
            {t('status.summary.components', { up: componentsUp, total: health.components.length })}
          </Text>
          {health.projections.length > 0 && (
            <Text fz="sm">
              {t('status.summary.projections', { live: projectionsLive, total: health.projections.length })}
            </Text>
          )}
        </Stack>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="xs">
          <Fact label={t('status.meta.mode')}>{modeLabel(t, health.mode)}</Fact>
          <Fact label={t('status.meta.version')}>{health.version}</Fact>
          <Fact label={t('status.meta.uptime')}>{format.duration(health.uptime_s)}</Fact>
          <Fact label={t('status.meta.startedAt')}>{format.dateTime(health.started_at)}</Fact>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={500}>
        {children}
      </Text>
    </Stack>
  );
}
