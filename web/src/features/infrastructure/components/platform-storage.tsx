import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/i18n';
import { platformQuery } from '../api';
import { byteSize } from '../model';

/** A byte count as the page shows it: value and unit in the page's language (1,5 МБ). */
function useBytes() {
  const { t } = useTranslation();
  const format = useFormat();
  return (bytes: number) => {
    const { value, unit } = byteSize(bytes);
    return `${format.number(value, unit === 'B' ? 0 : 1)} ${t(`infrastructure.units.${unit}`)}`;
  };
}

/** The platform's own bucket: reachable, objects and bytes, by top-level section. */
export function PlatformStorage() {
  const { t } = useTranslation();
  const format = useFormat();
  const bytes = useBytes();
  const platform = useQuery(platformQuery);
  const storage = platform.data?.storage;
  const figure = (label: string, value: string) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
  return (
    <Paper withBorder radius="md" p="md" data-testid="platform-storage">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('infrastructure.storages.platform.title')}
          </Title>
          {storage ? (
            <Badge color={storage.reachable ? 'green' : 'red'} variant="light">
              {storage.reachable
                ? t('infrastructure.storages.platform.reachable')
                : t('infrastructure.storages.platform.unreachable')}
            </Badge>
          ) : null}
        </Group>
        {platform.isPending ? <Skeleton height={90} /> : null}
        {storage ? (
          <>
            <SimpleGrid cols={{ base: 2, sm: 5 }}>
              {figure(t('infrastructure.storages.platform.kind'), storage.kind)}
              {figure(t('infrastructure.storages.platform.bucket'), storage.bucket)}
              {figure(
                t('infrastructure.storages.platform.objects'),
                storage.objects === null ? '—' : format.number(storage.objects),
              )}
              {figure(
                t('infrastructure.storages.platform.size'),
                storage.bytes === null ? '—' : bytes(storage.bytes),
              )}
              {figure(
                t('infrastructure.storages.platform.latency'),
                storage.latency_ms === null ? '—' : format.milliseconds(storage.latency_ms),
              )}
            </SimpleGrid>
            {storage.prefixes.length > 0 ? (
              <Table verticalSpacing={4} aria-label={t('infrastructure.storages.platform.prefix')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('infrastructure.storages.platform.prefix')}</Table.Th>
                    <Table.Th>{t('infrastructure.storages.platform.objects')}</Table.Th>
                    <Table.Th>{t('infrastructure.storages.platform.size')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {storage.prefixes.map((p) => (
                    <Table.Tr key={p.prefix}>
                      <Table.Td ff="monospace">
                        {p.prefix || t('infrastructure.storages.platform.root')}
                      </Table.Td>
                      <Table.Td>{format.number(p.objects)}</Table.Td>
                      <Table.Td>{bytes(p.bytes)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : null}
            <Text size="xs" c="dimmed">
              {storage.error ??
                t('infrastructure.storages.platform.countedAt', {
                  time: format.dateTime(storage.counted_at),
                })}
            </Text>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
