import { Alert, Button, Skeleton, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/i18n';
import { useHealth } from '../api/get-health';
import { ComponentsGrid } from './components-grid';
import { OverviewPanel } from './overview-panel';
import { ProjectionsSection } from './projections-section';

/** The platform's own report on itself: overall verdict, each component, and read-model freshness. */
export function StatusPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const health = useHealth();
  const { data, isError, isFetching, dataUpdatedAt } = health;

  return (
    <Stack gap="xl">
      <div>
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          {t('status.title')}
        </Title>
        <Text c="dimmed">{t('status.description')}</Text>
      </div>

      {/* Keep the last answer on screen when the platform stops answering: it shows what was failing. */}
      {isError && (
        <Alert color="red" title={t('status.unreachable.title')} data-testid="status-unreachable">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">
              {data
                ? t('status.unreachable.stale', { time: format.time(dataUpdatedAt) })
                : t('status.unreachable.never')}
            </Text>
            <Button
              size="xs"
              variant="white"
              color="red"
              loading={isFetching}
              onClick={() => void health.refetch()}
            >
              {t('status.retry')}
            </Button>
          </Stack>
        </Alert>
      )}

      {data ? (
        <>
          <OverviewPanel health={data} updatedAt={dataUpdatedAt} refreshing={isFetching} />
          <ComponentsGrid components={data.components} />
          <ProjectionsSection projections={data.projections} />
        </>
      ) : (
        !isError && <StatusSkeleton />
      )}
    </Stack>
  );
}

function StatusSkeleton() {
  return (
    <Stack gap="xl" aria-busy="true">
      <Skeleton h={140} radius="md" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} h={130} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
