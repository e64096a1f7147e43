import { Button, Chip, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toggled, type TimelineFilter } from '../model/filters';
import { PROCTORING_SOURCES, type ProctoringSource } from '../model/vocabulary';

/** Type and source filters of the timeline; no chip chosen means everything. */
export function TimelineFilters({
  types,
  filter,
  onChange,
}: {
  types: string[];
  filter: TimelineFilter;
  onChange: (filter: TimelineFilter) => void;
}) {
  const { t } = useTranslation();
  const active = filter.types.size > 0 || filter.sources.size > 0;
  return (
    <Stack gap={6} data-testid="timeline-filters">
      <Group gap={6} align="center">
        <Text size="sm" fw={500} w={90}>
          {t('proctoring.timeline.filterSources')}
        </Text>
        {PROCTORING_SOURCES.map((source: ProctoringSource) => (
          <Chip
            key={source}
            size="xs"
            checked={filter.sources.has(source)}
            onChange={() => onChange({ ...filter, sources: toggled(filter.sources, source) })}
            data-testid={`filter-source-${source}`}
          >
            {t(`proctoring.sources.${source}`)}
          </Chip>
        ))}
      </Group>
      <Group gap={6} align="center">
        <Text size="sm" fw={500} w={90}>
          {t('proctoring.timeline.filterTypes')}
        </Text>
        {types.map((type) => (
          <Chip
            key={type}
            size="xs"
            checked={filter.types.has(type)}
            onChange={() => onChange({ ...filter, types: toggled(filter.types, type) })}
            data-testid={`filter-type-${type}`}
          >
            {t(`proctoring.types.${type}` as 'proctoring.types.noise', type)}
          </Chip>
        ))}
        {active ? (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => onChange({ types: new Set(), sources: new Set() })}
          >
            {t('proctoring.timeline.reset')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
