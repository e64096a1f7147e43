import { Badge, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/i18n';
import type { HealthComponent } from '../types';
import { componentLabel, componentStateLabel } from './labels';
import { colorOf, componentColor } from './status-colors';

export function ComponentCard({ component }: { component: HealthComponent }) {
  const { t } = useTranslation();
  const format = useFormat();
  const color = colorOf(componentColor, component.status);
  return (
    <Card
      data-testid="component-card"
      data-component={component.name}
      data-status={component.status}
      // A coloured edge lets a reader find the one red card in a grid without reading any text.
      style={{ borderInlineStart: `4px solid var(--mantine-color-${color}-filled)` }}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} fz="md" lh={1.3}>
            {componentLabel(t, component.name)}
          </Title>
          <Badge color={color} variant="light" style={{ flexShrink: 0 }} data-testid="component-status">
            {componentStateLabel(t, component.status)}
          </Badge>
        </Group>
        <Group gap="lg" wrap="wrap" align="flex-start">
          <Stack gap={2}>
            <Text fz="xs" c="dimmed">
              {t('status.components.kind')}
            </Text>
            <Code fz="sm">{component.kind}</Code>
          </Stack>
          <Stack gap={2}>
            <Text fz="xs" c="dimmed">
              {t('status.components.latency')}
            </Text>
            <Text fz="sm" fw={500} ff="monospace">
              {component.latency_ms === null ? '—' : format.milliseconds(component.latency_ms)}
            </Text>
          </Stack>
        </Group>
        {component.detail && (
          <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {component.detail}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
