import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HealthComponent } from '../types';
import { ComponentCard } from './component-card';

export function ComponentsGrid({ components }: { components: HealthComponent[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section" aria-labelledby="status-components-title">
      <Title order={2} fz="h3" id="status-components-title">
        {t('status.components.title')}
      </Title>
      {/* One column under 768 px, so a card never gets squeezed on a phone. */}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {components.map((component) => (
          <ComponentCard key={component.name} component={component} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
