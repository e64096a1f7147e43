import { Skeleton, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { clampPage, isApiError, records } from '../../../../shared/api';
import { IconPlus } from '../../../../shared/ui/icons';
import { PageHeading, type ToolbarItem } from '../../../../shared/ui/page-heading';
import { PagedTable, type Column } from '../../../../shared/ui/paged-table';
import type { RecordFormProps } from '../../../../shared/ui/record-form';
import { notifySuccess } from '../../../../shared/toasts/notify';
import { recordKeys, recordPageQuery, recordQuery } from '../../settings-api';

export const fieldErrors = (error: unknown): Record<string, string> =>
  isApiError(error) ? Object.fromEntries(Object.entries(error.errors).map(([f, m]) => [f, m[0] ?? ''])) : {};

/**
 * One shop collection's list, create and edit pages (payments, delivery, promo codes): the list is
 * paged (25), the create page posts the body, the edit page sends only what changed. `save` may do more
 * than the one call (a delivery method saves its cities after itself).
 */
export interface RecordPagesSpec<R extends { id: string }, F> {
  collection: string;
  /** The list's path, `/m/payments`; create is `{path}/create`, edit `{path}/edit/{id}`. */
  path: string;
  /** The route parameter that holds the id on the edit page. */
  param: string;
  /** i18n prefix with title, description, total, create, created, saved, missing, empty. */
  texts: 'shop.providers' | 'shop.delivery' | 'shop.promocodes';
  columns: (t: TFunction) => Column<R>[];
  Form: ComponentType<RecordFormProps<F>>;
  empty: F;
  fieldsOf: (record: R) => F;
  /** Loads what the form needs besides the record (a delivery method's cities). */
  useExtra?: (id: string) => { fields?: Partial<F>; pending: boolean };
  create: (fields: F) => Promise<unknown>;
  update: (id: string, before: F, after: F) => Promise<unknown>;
  toolbar?: (t: TFunction) => ToolbarItem[];
}

export function makeRecordPages<R extends { id: string }, F>(spec: RecordPagesSpec<R, F>) {
  function ListPage() {
    const { t } = useTranslation();
    const [params, setParams] = useSearchParams();
    const requested = clampPage(Number(params.get('page') ?? '1'), Number.MAX_SAFE_INTEGER);
    const list = useQuery(recordPageQuery<R>(spec.collection, requested));
    return (
      <Stack gap="md">
        <PageHeading
          title={t(`${spec.texts}.title`)}
          description={
            list.data ? t(`${spec.texts}.total`, { count: list.data.total }) : t(`${spec.texts}.description`)
          }
          toolbar={[
            ...(spec.toolbar?.(t) ?? []),
            {
              key: 'create',
              label: t(`${spec.texts}.create`),
              icon: <IconPlus size={18} />,
              to: `${spec.path}/create`,
            },
          ]}
        />
        <PagedTable
          label={t(`${spec.texts}.title`)}
          columns={spec.columns(t)}
          rows={list.data?.data}
          rowKey={(r) => r.id}
          loading={list.isPending}
          page={list.data?.current_page ?? requested}
          lastPage={list.data?.last_page ?? 1}
          onPage={(next) => setParams({ page: String(next) })}
          empty={t(`${spec.texts}.empty`)}
        />
      </Stack>
    );
  }

  function useSaved(onDone: () => void) {
    const queryClient = useQueryClient();
    return () => {
      queryClient.removeQueries({ queryKey: recordKeys.pages(spec.collection) });
      void queryClient.invalidateQueries({ queryKey: [spec.collection] });
      onDone();
    };
  }

  function CreatePage() {
    const { t } = useTranslation();
    const navigate = useNavigate();
    const [errors, setErrors] = useState<Record<string, string>>({});
    const done = useSaved(() => void navigate(spec.path));
    const create = useMutation({
      mutationFn: spec.create,
      onSuccess: () => {
        notifySuccess(t(`${spec.texts}.created`));
        done();
      },
      onError: (error) => setErrors(fieldErrors(error)),
    });
    return (
      <>
        <PageHeading title={t(`${spec.texts}.create`)} description={t(`${spec.texts}.description`)} />
        <spec.Form
          initial={spec.empty}
          busy={create.isPending}
          errors={errors}
          submitLabel={t('common.create')}
          onSubmit={(fields) => create.mutate(fields)}
          onCancel={() => navigate(spec.path)}
        />
      </>
    );
  }

  function EditPage() {
    const { t } = useTranslation();
    const navigate = useNavigate();
    const id = useParams()[spec.param] ?? '';
    const record = useQuery({ ...recordQuery<R>(spec.collection, id), meta: { errorToast: false } });
    const extra = spec.useExtra?.(id) ?? { pending: false };
    const [errors, setErrors] = useState<Record<string, string>>({});
    const done = useSaved(() => void navigate(spec.path));
    const initial: F | null = record.data ? { ...spec.fieldsOf(record.data), ...extra.fields } : null;
    const update = useMutation({
      mutationFn: (fields: F) => spec.update(id, initial!, fields),
      onSuccess: () => {
        notifySuccess(t(`${spec.texts}.saved`));
        done();
      },
      onError: (error) => setErrors(fieldErrors(error)),
    });
    if (record.isPending || extra.pending) return <Skeleton height={320} radius="md" />;
    if (!record.data || !initial) return <PageHeading title={t(`${spec.texts}.missing`)} />;
    return (
      <>
        <PageHeading title={(record.data as { name?: string }).name ?? id} />
        <spec.Form
          initial={initial}
          busy={update.isPending}
          errors={errors}
          submitLabel={t('common.save')}
          onSubmit={(fields) => update.mutate(fields)}
          onCancel={() => navigate(spec.path)}
        />
      </>
    );
  }

  return { ListPage, CreatePage, EditPage };
}

/** Creates or updates one record of a collection: the plain case of `create` and `update`. */
export const plainSave = <F,>(
  collection: string,
  body: (f: F) => object,
  changes: (a: F, b: F) => object,
) => ({
  create: (fields: F) => records.create(collection, body(fields)),
  update: (id: string, before: F, after: F) => records.update(collection, id, changes(before, after)),
});
