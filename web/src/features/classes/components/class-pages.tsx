import { Anchor, Badge, ColorSwatch, Group, Skeleton, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { changedFields, clampPage, isApiError } from '../../../shared/api';
import { useFormat } from '../../../shared/i18n';
import { IconPlus } from '../../../shared/ui/icons';
import { confirmAction } from '../../../shared/ui/confirm-dialog';
import { PageHeading } from '../../../shared/ui/page-heading';
import { PagedTable, type Column } from '../../../shared/ui/paged-table';
import { notifySuccess } from '../../../shared/toasts/notify';
import { classesApi, classesPageQuery, classKeys, classQuery, type ClassRecord } from '../api';
import { ClassForm, type ClassFields } from './class-form';

const fieldErrors = (error: unknown) =>
  isApiError(error) ? Object.fromEntries(Object.entries(error.errors).map(([f, m]) => [f, m[0] ?? ''])) : {};

const bodyOf = (fields: Partial<ClassFields>) => ({
  ...fields,
  ...('description' in fields ? { description: fields.description?.trim() || null } : {}),
  ...('color' in fields ? { color: fields.color || null } : {}),
});

/** /t/classes: the school's classes, 25 a page, with their counts. */
export function ClassesListPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const requested = clampPage(Number(params.get('page') ?? '1'), Number.MAX_SAFE_INTEGER);
  const list = useQuery(classesPageQuery(requested));
  const columns: Column<ClassRecord>[] = [
    {
      key: 'name',
      header: t('classes.fields.name'),
      render: (c) => (
        <Group gap="xs" wrap="nowrap">
          {c.color ? <ColorSwatch color={c.color} size={14} aria-hidden /> : null}
          <Anchor component={Link} to={`/t/classes/${c.id}`} fw={500}>
            {c.name}
          </Anchor>
        </Group>
      ),
    },
    {
      key: 'students',
      header: t('classes.fields.studentsCount'),
      render: (c) => format.number(c.students_count),
    },
    {
      key: 'teachers',
      header: t('classes.fields.teachersCount'),
      wide: true,
      render: (c) => format.number(c.teachers_count),
    },
  ];
  return (
    <Stack gap="md">
      <PageHeading
        title={t('classes.title')}
        description={list.data ? t('classes.total', { count: list.data.total }) : t('classes.description')}
        toolbar={[
          {
            key: 'create',
            label: t('classes.create'),
            icon: <IconPlus size={18} />,
            to: '/t/classes/create',
          },
        ]}
      />
      <PagedTable
        label={t('classes.title')}
        columns={columns}
        rows={list.data?.data}
        rowKey={(c) => c.id}
        loading={list.isPending}
        page={list.data?.current_page ?? requested}
        lastPage={list.data?.last_page ?? 1}
        onPage={(next) => setParams({ page: String(next) })}
        empty={t('classes.empty')}
      />
    </Stack>
  );
}

/** /t/classes/create. */
export function ClassCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (fields: ClassFields) => classesApi.create(bodyOf(fields)),
    onSuccess: (created) => {
      notifySuccess(t('classes.created'));
      queryClient.removeQueries({ queryKey: classKeys.pages });
      void navigate(`/t/classes/${created.id}`);
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  return (
    <>
      <PageHeading title={t('classes.create')} description={t('classes.createDescription')} />
      <ClassForm
        initial={{ name: '', description: '', color: '#2f80ed', students: [] }}
        busy={create.isPending}
        errors={errors}
        submitLabel={t('common.create')}
        onSubmit={(fields) => create.mutate(fields)}
        onCancel={() => navigate('/t/classes')}
      />
    </>
  );
}

/** /t/classes/{class}: the class and its students, editable by its teacher (only changes are sent). */
export function ClassViewPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useParams().class ?? '';
  const navigate = useNavigate();
  const record = useQuery({ ...classQuery(id), meta: { errorToast: false } });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const remove = useMutation({
    mutationFn: () => classesApi.remove(id),
    onSuccess: () => {
      notifySuccess(t('classes.deletion.done'));
      queryClient.removeQueries({ queryKey: classKeys.pages });
      queryClient.removeQueries({ queryKey: classKeys.one(id) });
      queryClient.removeQueries({ queryKey: ['assignments', 'picker', 'classes'] });
      void navigate('/t/classes');
    },
  });
  const update = useMutation({
    mutationFn: (body: object) => classesApi.update(id, body),
    onSuccess: (saved) => {
      setErrors({});
      notifySuccess(t('classes.saved'));
      queryClient.setQueryData(classKeys.one(id), saved);
      queryClient.removeQueries({ queryKey: classKeys.pages });
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  if (record.isPending) return <Skeleton height={320} radius="md" />;
  if (!record.data) return <PageHeading title={t('classes.missing')} />;
  const c = record.data;
  const initial: ClassFields = {
    name: c.name,
    description: c.description ?? '',
    color: c.color ?? '',
    students: c.students,
  };
  return (
    <Stack gap="md">
      <PageHeading
        title={c.name}
        toolbar={[
          {
            key: 'delete',
            label: t('classes.deletion.action'),
            variant: 'light',
            color: 'red',
            disabled: remove.isPending,
            onClick: () =>
              void confirmAction({
                title: t('classes.deletion.title'),
                message: t('classes.deletion.message', { name: c.name }),
                confirmLabel: t('common.delete'),
                danger: true,
              }).then((confirmed) => confirmed && remove.mutate()),
          },
        ]}
        description={
          <Group gap="xs">
            <Badge variant="light">{`${t('classes.fields.studentsCount')}: ${c.students_count}`}</Badge>
            <Badge
              variant="light"
              color="gray"
            >{`${t('classes.fields.teachersCount')}: ${c.teachers_count}`}</Badge>
          </Group>
        }
      />
      <ClassForm
        key={`${c.id}:${c.students.join(',')}:${c.name}`}
        initial={initial}
        busy={update.isPending}
        errors={errors}
        submitLabel={t('common.save')}
        onSubmit={(fields) => {
          const changes = changedFields(initial, fields);
          // Arrays compare by content: the same students in the same order are no change.
          if (JSON.stringify(fields.students) === JSON.stringify(initial.students)) delete changes.students;
          if (Object.keys(changes).length > 0) update.mutate(bodyOf(changes));
        }}
      />
    </Stack>
  );
}
