import { Badge, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/i18n';
import type { HostCheck, StorageCheck } from '../api';

/** One address's reachability: green with the connection time, or red with why. */
export function HostCheckBadge({ check }: { check: HostCheck }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Badge
      color={check.reachable ? 'green' : 'red'}
      variant="light"
      tt="none"
      data-testid="host-check"
      title={check.address}
    >
      {check.reachable
        ? t('infrastructure.servers.reachable', { latency: format.milliseconds(check.latency_ms ?? 0) })
        : t('infrastructure.servers.unreachable', { error: check.error ?? '' })}
    </Badge>
  );
}

/** The storage round trip step by step: what worked, the time it took, and where it stopped. */
export function StorageCheckResult({ result }: { result: StorageCheck }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Stack gap={6} data-testid="storage-check" data-ok={result.ok}>
      <Text fw={600} c={result.ok ? 'green.8' : 'red.8'}>
        {result.ok ? t('infrastructure.storages.checkOk') : t('infrastructure.storages.checkFailed')}
      </Text>
      <List spacing={4} size="sm" center>
        {result.steps.map((step) => (
          <List.Item
            key={step.step}
            icon={
              <ThemeIcon color={step.ok ? 'green' : 'red'} size={18} radius="xl" aria-hidden>
                <span style={{ fontSize: 11 }}>{step.ok ? '✓' : '✕'}</span>
              </ThemeIcon>
            }
          >
            <Group gap={6} wrap="wrap">
              <span>{t(`infrastructure.storages.steps.${step.step}`)}</span>
              <Text span c="dimmed" size="xs">
                {format.milliseconds(step.ms)}
              </Text>
              {step.error ? (
                <Text span c="red.8" size="xs">
                  {step.error}
                </Text>
              ) : null}
            </Group>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
