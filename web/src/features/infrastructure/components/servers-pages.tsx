import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../../shared/ui/page-heading';
import type { Column } from '../../../shared/ui/paged-table';
import { checkServer, type ServerRecord } from '../api';
import { serversCollection } from '../collections';
import { CheckButton } from './check-button';
import { HostCheckBadge } from './check-results';
import { RecordsTable, useCreateAction, usePagedRecords } from './paged-records';
import { PlatformRoles } from './platform-roles';
import { RecordCreatePage } from './record-create-page';
import { RecordEditPage } from './record-edit-page';
import { ServerForm } from './server-form';

/** A server's check button and what the last check found, per address. */
function ServerCheckButton({ id, size }: { id: string; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  return (
    <CheckButton
      run={() => checkServer(id)}
      label={t('infrastructure.servers.check')}
      testId="server-check"
      size={size}
      layout="row"
      result={(check) => check.hosts.map((host) => <HostCheckBadge key={host.address} check={host} />)}
    />
  );
}

/** /m/servers: the school's servers, 25 a page, each with its check; then the platform's own. */
export function ServersListPage() {
  const { t } = useTranslation();
  const { list, paging } = usePagedRecords(serversCollection);
  const toolbar = useCreateAction(serversCollection);
  const columns: Column<ServerRecord>[] = [
    {
      key: 'name',
      header: t('infrastructure.servers.fields.name'),
      render: (s) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={`/m/servers/edit/${s.id}`} fw={500}>
            {s.name}
          </Anchor>
          {s.is_active ? null : (
            <Badge color="gray" variant="light">
              {t('infrastructure.servers.inactive')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'type',
      header: t('infrastructure.servers.fields.type'),
      render: (s) => (
        <Badge variant="light" color={s.type === 'webinar' ? 'blue' : 'grape'}>
          {t(`infrastructure.servers.types.${s.type}`)}
        </Badge>
      ),
    },
    {
      key: 'provider',
      header: t('infrastructure.servers.fields.provider'),
      wide: true,
      render: (s) => s.provider,
    },
    {
      key: 'host',
      header: t('infrastructure.servers.fields.host'),
      wide: true,
      render: (s) => (
        <Text size="sm" ff="monospace">
          {s.host}
        </Text>
      ),
    },
    {
      key: 'check',
      header: t('infrastructure.servers.fields.state'),
      render: (s) => <ServerCheckButton id={s.id} />,
    },
  ];
  return (
    <Stack gap="md">
      <PageHeading
        title={t('infrastructure.servers.title')}
        description={
          list.data
            ? t('infrastructure.servers.total', { count: list.data.total })
            : t('infrastructure.servers.description')
        }
        toolbar={toolbar}
      />
      <RecordsTable texts="servers" columns={columns} paging={paging} />
      <Text size="xs" c="dimmed">
        {t('infrastructure.servers.checkHint')}
      </Text>
      <PlatformRoles />
    </Stack>
  );
}

/** /m/servers/create */
export function ServerCreatePage() {
  return <RecordCreatePage spec={serversCollection} form={(props) => <ServerForm {...props} />} />;
}

/** /m/servers/edit/{server}: the check, beside Save, runs against the saved record. */
export function ServerEditPage() {
  return (
    <RecordEditPage
      spec={serversCollection}
      describe={(server) => `${server.provider} · ${server.host}`}
      form={(server, props) => (
        <ServerForm {...props} extra={<ServerCheckButton id={server.id} size="sm" />} />
      )}
    />
  );
}
