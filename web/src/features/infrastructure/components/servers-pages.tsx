import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { clampPage, isApiError, records } from '../../../shared/api';
import { useFormat } from '../../../shared/i18n';
import { IconPlus } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { PagedTable, type Column } from '../../../shared/ui/paged-table';
import { notifySuccess } from '../../auth';
import {
  SERVERS,
  checkServer,
  infraKeys,
  pageQuery,
  platformQuery,
  recordQuery,
  type ServerCheck,
  type ServerRecord,
} from '../api';
import { emptyServer, firstErrors, serverBody, serverChanges, serverFieldsOf } from '../model';
import { HostCheckBadge } from './check-results';
import { ServerForm } from './server-form';

const fieldErrors = (error: unknown) => (isApiError(error) ? firstErrors(error.errors) : {});

/** A server's check button and what the last check found, per address. */
function ServerCheckButton({ id, size = 'xs' }: { id: string; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const check = useMutation<ServerCheck>({ mutationFn: () => checkServer(id) });
  return (
    <Group gap={6} wrap="wrap">
      <Button
        size={size}
        variant="light"
        loading={check.isPending}
        onClick={() => check.mutate()}
        data-testid="server-check"
      >
        {t('infrastructure.servers.check')}
      </Button>
      {check.data?.hosts.map((host) => (
        <HostCheckBadge key={host.address} check={host} />
      ))}
    </Group>
  );
}

/** The platform's own parts as /health reports them: read-only, deployed, not managed here. */
function PlatformRoles() {
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

/** /m/servers: the school's servers, 25 a page, each with its check; then the platform's own. */
export function ServersListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = clampPage(Number(params.get('page') ?? '1'), Number.MAX_SAFE_INTEGER);
  const list = useQuery(pageQuery<ServerRecord>(SERVERS, requested));
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
        toolbar={[
          {
            key: 'create',
            label: t('infrastructure.servers.create'),
            icon: <IconPlus size={18} />,
            to: '/m/servers/create',
          },
        ]}
      />
      <PagedTable
        label={t('infrastructure.servers.title')}
        columns={columns}
        rows={list.data?.data}
        rowKey={(s) => s.id}
        loading={list.isPending}
        page={list.data?.current_page ?? requested}
        lastPage={list.data?.last_page ?? 1}
        onPage={(next) => setParams({ page: String(next) })}
        empty={t('infrastructure.servers.empty')}
      />
      <Text size="xs" c="dimmed">
        {t('infrastructure.servers.checkHint')}
      </Text>
      <PlatformRoles />
    </Stack>
  );
}

/** /m/servers/create */
export function ServerCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (fields: typeof emptyServer) => records.create<ServerRecord>(SERVERS, serverBody(fields)),
    onSuccess: (created) => {
      notifySuccess(t('infrastructure.servers.created'));
      queryClient.removeQueries({ queryKey: infraKeys.pages(SERVERS) });
      void navigate(`/m/servers/edit/${created.id}`);
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  return (
    <>
      <PageHeading
        title={t('infrastructure.servers.create')}
        description={t('infrastructure.servers.createDescription')}
      />
      <ServerForm
        initial={emptyServer}
        busy={create.isPending}
        errors={errors}
        submitLabel={t('common.create')}
        onSubmit={(fields) => create.mutate(fields)}
        onCancel={() => navigate('/m/servers')}
      />
    </>
  );
}

/** /m/servers/edit/{server}: only what changed is sent; the check runs against the saved record. */
export function ServerEditPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useParams().server ?? '';
  const record = useQuery({ ...recordQuery<ServerRecord>(SERVERS, id), meta: { errorToast: false } });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useMutation({
    mutationFn: (fields: typeof emptyServer) =>
      records.update<ServerRecord>(SERVERS, id, serverChanges(record.data!, fields)),
    onSuccess: (saved) => {
      setErrors({});
      notifySuccess(t('infrastructure.servers.saved'));
      queryClient.setQueryData(infraKeys.one(SERVERS, id), saved);
      queryClient.removeQueries({ queryKey: infraKeys.pages(SERVERS) });
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  if (record.isPending) return <Skeleton height={480} radius="md" />;
  if (!record.data) return <PageHeading title={t('infrastructure.servers.missing')} />;
  const server = record.data;
  return (
    <Stack gap="md">
      <PageHeading title={server.name} description={`${server.provider} · ${server.host}`} />
      <ServerForm
        key={JSON.stringify(server)}
        initial={serverFieldsOf(server)}
        busy={update.isPending}
        errors={errors}
        submitLabel={t('common.save')}
        onSubmit={(fields) => update.mutate(fields)}
        extra={<ServerCheckButton id={server.id} size="sm" />}
      />
    </Stack>
  );
}
