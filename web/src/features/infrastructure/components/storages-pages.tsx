import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
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
  STORAGES,
  checkStorage,
  infraKeys,
  pageQuery,
  platformQuery,
  recordQuery,
  type StorageCheck,
  type StorageRecord,
} from '../api';
import { byteSize, emptyStorage, firstErrors, storageBody, storageChanges, storageFieldsOf } from '../model';
import { StorageCheckResult } from './check-results';
import { StorageForm } from './storage-form';

const fieldErrors = (error: unknown) => (isApiError(error) ? firstErrors(error.errors) : {});

function useBytes() {
  const { t } = useTranslation();
  const format = useFormat();
  return (bytes: number) => {
    const { value, unit } = byteSize(bytes);
    return `${format.number(value, unit === 'B' ? 0 : 1)} ${t(`infrastructure.units.${unit}`)}`;
  };
}

/** The platform's own bucket: reachable, objects and bytes, by top-level section. */
function PlatformStorage() {
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

/** The check button and its step-by-step result. */
function StorageCheckButton({ id, size = 'xs' }: { id: string; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const check = useMutation<StorageCheck>({ mutationFn: () => checkStorage(id) });
  return (
    <Stack gap={6} align="flex-start">
      <Button
        size={size}
        variant="light"
        loading={check.isPending}
        onClick={() => check.mutate()}
        data-testid="storage-check-button"
      >
        {t('infrastructure.storages.check')}
      </Button>
      {check.data ? <StorageCheckResult result={check.data} /> : null}
    </Stack>
  );
}

/** /m/storages: the platform's storage, then the school's external ones, 25 a page. */
export function StoragesListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = clampPage(Number(params.get('page') ?? '1'), Number.MAX_SAFE_INTEGER);
  const list = useQuery(pageQuery<StorageRecord>(STORAGES, requested));
  const columns: Column<StorageRecord>[] = [
    {
      key: 'name',
      header: t('infrastructure.storages.fields.name'),
      render: (s) => (
        <Anchor component={Link} to={`/m/storages/edit/${s.id}`} fw={500}>
          {s.name}
        </Anchor>
      ),
    },
    {
      key: 'bucket',
      header: t('infrastructure.storages.fields.bucket'),
      render: (s) => (
        <Text size="sm" ff="monospace">
          {s.bucket}
          {s.prefix ? `/${s.prefix}` : ''}
        </Text>
      ),
    },
    {
      key: 'endpoint',
      header: t('infrastructure.storages.fields.endpoint'),
      wide: true,
      render: (s) => (
        <Text size="sm" ff="monospace">
          {s.endpoint}
        </Text>
      ),
    },
    { key: 'check', header: '', render: (s) => <StorageCheckButton id={s.id} /> },
  ];
  return (
    <Stack gap="md">
      <PageHeading
        title={t('infrastructure.storages.title')}
        description={t('infrastructure.storages.description')}
        toolbar={[
          {
            key: 'create',
            label: t('infrastructure.storages.create'),
            icon: <IconPlus size={18} />,
            to: '/m/storages/create',
          },
        ]}
      />
      <PlatformStorage />
      <Alert color="gray" variant="light">
        {t('infrastructure.storages.notUsedYet')}
      </Alert>
      <Text size="sm" c="dimmed">
        {list.data ? t('infrastructure.storages.total', { count: list.data.total }) : null}
      </Text>
      <PagedTable
        label={t('infrastructure.storages.title')}
        columns={columns}
        rows={list.data?.data}
        rowKey={(s) => s.id}
        loading={list.isPending}
        page={list.data?.current_page ?? requested}
        lastPage={list.data?.last_page ?? 1}
        onPage={(next) => setParams({ page: String(next) })}
        empty={t('infrastructure.storages.empty')}
      />
    </Stack>
  );
}

/** /m/storages/create */
export function StorageCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (fields: typeof emptyStorage) => records.create<StorageRecord>(STORAGES, storageBody(fields)),
    onSuccess: (created) => {
      notifySuccess(t('infrastructure.storages.created'));
      queryClient.removeQueries({ queryKey: infraKeys.pages(STORAGES) });
      void navigate(`/m/storages/edit/${created.id}`);
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  return (
    <>
      <PageHeading
        title={t('infrastructure.storages.create')}
        description={t('infrastructure.storages.createDescription')}
      />
      <StorageForm
        initial={emptyStorage}
        hasSecret={false}
        busy={create.isPending}
        errors={errors}
        submitLabel={t('common.create')}
        onSubmit={(fields) => create.mutate(fields)}
        onCancel={() => navigate('/m/storages')}
      />
    </>
  );
}

/** /m/storages/edit/{storage}: changed fields only; the check runs against the saved settings. */
export function StorageEditPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useParams().storage ?? '';
  const record = useQuery({ ...recordQuery<StorageRecord>(STORAGES, id), meta: { errorToast: false } });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useMutation({
    mutationFn: (fields: typeof emptyStorage) =>
      records.update<StorageRecord>(STORAGES, id, storageChanges(record.data!, fields)),
    onSuccess: (saved) => {
      setErrors({});
      notifySuccess(t('infrastructure.storages.saved'));
      queryClient.setQueryData(infraKeys.one(STORAGES, id), saved);
      queryClient.removeQueries({ queryKey: infraKeys.pages(STORAGES) });
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  if (record.isPending) return <Skeleton height={480} radius="md" />;
  if (!record.data) return <PageHeading title={t('infrastructure.storages.missing')} />;
  const storage = record.data;
  return (
    <Stack gap="md">
      <PageHeading title={storage.name} description={`${storage.endpoint} · ${storage.bucket}`} />
      <StorageForm
        key={JSON.stringify(storage)}
        initial={storageFieldsOf(storage)}
        hasSecret={storage.has_secret_key}
        busy={update.isPending}
        errors={errors}
        submitLabel={t('common.save')}
        onSubmit={(fields) => update.mutate(fields)}
      />
      <Paper withBorder radius="md" p="md">
        <StorageCheckButton id={storage.id} size="sm" />
      </Paper>
    </Stack>
  );
}
