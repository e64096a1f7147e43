import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { changedFields, clampPage, isApiError } from '../../../shared/api';
import { IconPlus } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { PagedTable, type Column } from '../../../shared/ui/paged-table';
import { notifySuccess } from '../../../shared/toasts/notify';
import {
  antiplagiarismKeys,
  classesQuery,
  groupQuery,
  groupsPageQuery,
  saveGroup,
  type GroupFields,
  type GroupRecord,
} from '../api';
import { GroupForm } from './group-form';

const fieldErrors = (error: unknown) =>
  isApiError(error) ? Object.fromEntries(Object.entries(error.errors).map(([f, m]) => [f, m[0] ?? ''])) : {};
const fieldsOf = (group: GroupRecord): GroupFields => ({
  name: group.name,
  description: group.description ?? '',
  class_ids: group.class_ids,
});

/** /m/antiplagiarism-groups: the school's groups, 25 a page, with their classes. */
export function GroupsListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = clampPage(Number(params.get('page') ?? '1'), Number.MAX_SAFE_INTEGER);
  const list = useQuery(groupsPageQuery(requested));
  const classes = useQuery(classesQuery);
  const nameOf = (id: string) => classes.data?.find((c) => c.id === id)?.name ?? id;
  const columns: Column<GroupRecord>[] = [
    {
      key: 'name',
      header: t('antiplagiarism.groups.fields.name'),
      render: (g) => (
        <Anchor component={Link} to={`/m/antiplagiarism-groups/edit/${g.id}`} fw={500}>
          {g.name}
        </Anchor>
      ),
    },
    {
      key: 'classes',
      header: t('antiplagiarism.groups.fields.classes'),
      render: (g) => <Text size="sm">{g.class_ids.map(nameOf).join(', ')}</Text>,
    },
    {
      key: 'description',
      header: t('antiplagiarism.groups.fields.description'),
      wide: true,
      render: (g) => (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {g.description ?? ''}
        </Text>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <PageHeading
        title={t('antiplagiarism.groups.title')}
        description={
          list.data
            ? t('antiplagiarism.groups.total', { count: list.data.total })
            : t('antiplagiarism.groups.description')
        }
        toolbar={[
          {
            key: 'create',
            label: t('antiplagiarism.groups.create'),
            icon: <IconPlus size={18} />,
            to: '/m/antiplagiarism-groups/create',
          },
        ]}
      />
      <Text size="sm" c="dimmed">
        {t('antiplagiarism.groups.description')}
      </Text>
      <PagedTable
        label={t('antiplagiarism.groups.title')}
        columns={columns}
        rows={list.data?.data}
        rowKey={(g) => g.id}
        loading={list.isPending}
        page={list.data?.current_page ?? requested}
        lastPage={list.data?.last_page ?? 1}
        onPage={(next) => setParams({ page: String(next) })}
        empty={t('antiplagiarism.groups.empty')}
      />
    </Stack>
  );
}

/** /m/antiplagiarism-groups/create. */
export function GroupCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (fields: GroupFields) => saveGroup(null, fields),
    onSuccess: () => {
      notifySuccess(t('antiplagiarism.groups.created'));
      queryClient.removeQueries({ queryKey: antiplagiarismKeys.pages });
      void navigate('/m/antiplagiarism-groups');
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  return (
    <>
      <PageHeading
        title={t('antiplagiarism.groups.create')}
        description={t('antiplagiarism.groups.createDescription')}
      />
      <GroupForm
        initial={{ name: '', description: '', class_ids: [] }}
        busy={create.isPending}
        errors={errors}
        submitLabel={t('common.create')}
        onSubmit={(fields) => create.mutate(fields)}
        onCancel={() => navigate('/m/antiplagiarism-groups')}
      />
    </>
  );
}

/** /m/antiplagiarism-groups/edit/{group}: only the changed fields are sent. */
export function GroupEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useParams().group ?? '';
  const record = useQuery({ ...groupQuery(id), meta: { errorToast: false } });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useMutation({
    mutationFn: (fields: GroupFields) => saveGroup(id, changedFields(fieldsOf(record.data!), fields)),
    onSuccess: (saved) => {
      notifySuccess(t('antiplagiarism.groups.saved'));
      queryClient.setQueryData(antiplagiarismKeys.one(id), saved);
      queryClient.removeQueries({ queryKey: antiplagiarismKeys.pages });
      void navigate('/m/antiplagiarism-groups');
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  if (record.isPending) return <Skeleton height={320} radius="md" />;
  if (!record.data) return <PageHeading title={t('antiplagiarism.groups.missing')} />;
  return (
    <>
      <PageHeading title={record.data.name} description={t('antiplagiarism.groups.description')} />
      <GroupForm
        initial={fieldsOf(record.data)}
        busy={update.isPending}
        errors={errors}
        submitLabel={t('common.save')}
        onSubmit={(fields) => update.mutate(fields)}
        onCancel={() => navigate('/m/antiplagiarism-groups')}
      />
    </>
  );
}
