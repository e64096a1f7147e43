import { Badge, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/i18n';
import { platformQuery } from '../api';

/** The platform's own parts as /health reports them: read-only, deployed, not managed here. */
export function PlatformRoles() {
  const { t } = useTranslation();
  const format = useFormat();
  const platform = useQuery(platformQuery);
  const roles = platform.data?.roles;
  return (
    <Paper withBorder radius="md" p="md" data-testid="platform-roles">
      <Stack gap="xs">
        <div>
          <Title order={3} size="h4">
            {t('infrastructure.servers.platform.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('infrastructure.servers.platform.description')}
          </Text>
        </div>
        {platform.isPending ? <Skeleton height={120} /> : null}
        {platform.data && !roles ? (
          <Text size="sm">{t('infrastructure.servers.platform.unavailable')}</Text>
        ) : null}
        {roles ? (
          <>
            <Text size="sm">
              {t('infrastructure.servers.platform.mode', {
                mode: t(`status.mode.${roles.mode as 'embedded'}`),
                version: roles.version,
              })}
            </Text>
            <Table verticalSpacing={6} aria-label={t('infrastructure.servers.platform.title')}>
              <Table.Tbody>
                {roles.components.map((component) => (
                  <Table.Tr key={component.name} data-testid="platform-role">
                    <Table.Td>
                      {t(`status.components.names.${component.name as 'http'}`, component.name)}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {component.kind}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        color={
                          component.status === 'up' ? 'green' : component.status === 'down' ? 'red' : 'yellow'
                        }
                        variant="light"
                      >
                        {t(`status.components.states.${component.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {component.latency_ms === null ? '—' : format.milliseconds(component.latency_ms)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
