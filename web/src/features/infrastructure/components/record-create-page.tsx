import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { records } from '../../../shared/api';
import { PageHeading } from '../../../shared/ui/page-heading';
import type { RecordFormProps } from '../../../shared/ui/record-form';
import { notifySuccess } from '../../../shared/toasts/notify';
import { infraKeys } from '../api';
import { fieldErrorsOf, type InfrastructureCollection } from '../collections';

/** {path}/create: the empty form; once created, on to the new record's edit page. */
export function RecordCreatePage<R extends { id: string; name: string }, F>({
  spec,
  form,
}: {
  spec: InfrastructureCollection<R, F>;
  form: (props: RecordFormProps<F>) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (fields: F) => records.create<R>(spec.collection, spec.body(fields)),
    onSuccess: (created) => {
      notifySuccess(t(`infrastructure.${spec.texts}.created`));
      queryClient.removeQueries({ queryKey: infraKeys.pages(spec.collection) });
      void navigate(`${spec.path}/edit/${created.id}`);
    },
    onError: (error) => setErrors(fieldErrorsOf(error)),
  });
  return (
    <>
      <PageHeading
        title={t(`infrastructure.${spec.texts}.create`)}
        description={t(`infrastructure.${spec.texts}.createDescription`)}
      />
      {form({
        initial: spec.empty,
        busy: create.isPending,
        errors,
        submitLabel: t('common.create'),
        onSubmit: (fields) => create.mutate(fields),
        onCancel: () => void navigate(spec.path),
      })}
    </>
  );
}
