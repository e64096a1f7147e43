import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProjectionHealth } from '../types';
import { ProjectionList } from './projection-list';
import { ProjectionsTable } from './projections-table';

/** Read-model freshness: a table on wide screens, a stacked list on phones where five columns do not fit. */
export function ProjectionsSection({ projections }: { projections: ProjectionHealth[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section" aria-labelledby="status-projections-title">
      <div>
        <Title order={2} fz="h3" id="status-projections-title">
          {t('status.projections.title')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('status.projections.description')}
        </Text>
      </div>
      <Card p={0}>
        {projections.length === 0 ? (
          <Text p="lg" c="dimmed">
            {t('status.projections.empty')}
          </Text>
        ) : (
          <>
            <ProjectionsTable projections={projections} visibleFrom="sm" />
            <ProjectionList projections={projections} hiddenFrom="sm" />
          </>
        )}
      </Card>
    </Stack>
  );
}
