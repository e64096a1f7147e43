import { Skeleton, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { records } from '../../../shared/api';
import { PageHeading } from '../../../shared/ui/page-heading';
import type { RecordFormProps } from '../../../shared/ui/record-form';
import { notifySuccess } from '../../../shared/toasts/notify';
import { infraKeys, recordQuery } from '../api';
import { fieldErrorsOf, type InfrastructureCollection } from '../collections';

/** {path}/edit/{id}: only what changed is sent; the saved record replaces the cached one. */
export function RecordEditPage<R extends { id: string; name: string }, F>({
  spec,
  describe,
  form,
  below,
}: {
  spec: InfrastructureCollection<R, F>;
  /** The heading's line under the record's name. */
  describe: (record: R) => string;
  form: (record: R, props: RecordFormProps<F>) => ReactNode;
  /** Under the form: what acts on the saved record (a storage's connection check). */
  below?: (record: R) => ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useParams()[spec.param] ?? '';
  const record = useQuery({ ...recordQuery<R>(spec.collection, id), meta: { errorToast: false } });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useMutation({
    mutationFn: (fields: F) => records.update<R>(spec.collection, id, spec.changes(record.data!, fields)),
    onSuccess: (saved) => {
      setErrors({});
      notifySuccess(t(`infrastructure.${spec.texts}.saved`));
      queryClient.setQueryData(infraKeys.one(spec.collection, id), saved);
      queryClient.removeQueries({ queryKey: infraKeys.pages(spec.collection) });
    },
    onError: (error) => setErrors(fieldErrorsOf(error)),
  });
  if (record.isPending) return <Skeleton height={480} radius="md" />;
  if (!record.data) return <PageHeading title={t(`infrastructure.${spec.texts}.missing`)} />;
  const saved = record.data;
  return (
    <Stack gap="md">
      <PageHeading title={saved.name} description={describe(saved)} />
      {/* Keyed by the saved record: a save that the server normalised restarts the form from it. */}
      <Fragment key={JSON.stringify(saved)}>
        {form(saved, {
          initial: spec.fieldsOf(saved),
          busy: update.isPending,
          errors,
          submitLabel: t('common.save'),
          onSubmit: (fields) => update.mutate(fields),
        })}
      </Fragment>
      {below?.(saved)}
    </Stack>
  );
}
