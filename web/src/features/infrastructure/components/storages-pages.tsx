import { Alert, Anchor, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../../shared/ui/page-heading';
import type { Column } from '../../../shared/ui/paged-table';
import { checkStorage, type StorageRecord } from '../api';
import { storagesCollection } from '../collections';
import { CheckButton } from './check-button';
import { StorageCheckResult } from './check-results';
import { RecordsTable, useCreateAction, usePagedRecords } from './paged-records';
import { PlatformStorage } from './platform-storage';
import { RecordCreatePage } from './record-create-page';
import { RecordEditPage } from './record-edit-page';
import { StorageForm } from './storage-form';

/** The check button and its step-by-step result. */
function StorageCheckButton({ id, size }: { id: string; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  return (
    <CheckButton
      run={() => checkStorage(id)}
      label={t('infrastructure.storages.check')}
      testId="storage-check-button"
      size={size}
      layout="column"
      result={(check) => <StorageCheckResult result={check} />}
    />
  );
}

/** /m/storages: the platform's storage, then the school's external ones, 25 a page. */
export function StoragesListPage() {
  const { t } = useTranslation();
  const { list, paging } = usePagedRecords(storagesCollection);
  const toolbar = useCreateAction(storagesCollection);
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
        toolbar={toolbar}
      />
      <PlatformStorage />
      <Alert color="gray" variant="light">
        {t('infrastructure.storages.notUsedYet')}
      </Alert>
      <Text size="sm" c="dimmed">
        {list.data ? t('infrastructure.storages.total', { count: list.data.total }) : null}
      </Text>
      <RecordsTable texts="storages" columns={columns} paging={paging} />
    </Stack>
  );
}

/** /m/storages/create: a new storage has no secret yet, so one is required. */
export function StorageCreatePage() {
  return (
    <RecordCreatePage
      spec={storagesCollection}
      form={(props) => <StorageForm {...props} hasSecret={false} />}
    />
  );
}

/** /m/storages/edit/{storage}: changed fields only; the check under the form uses the saved settings. */
export function StorageEditPage() {
  return (
    <RecordEditPage
      spec={storagesCollection}
      describe={(storage) => `${storage.endpoint} · ${storage.bucket}`}
      form={(storage, props) => <StorageForm {...props} hasSecret={storage.has_secret_key} />}
      below={(storage) => (
        <Paper withBorder radius="md" p="md">
          <StorageCheckButton id={storage.id} size="sm" />
        </Paper>
      )}
    />
  );
}
