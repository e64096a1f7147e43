import { Skeleton } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { changedFields } from '../../../shared/api';
import { IconTrash } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import type { ReferenceCollection } from '../api';
import type { ReferenceFormProps } from './reference-form-card';
import { useReferenceRecord } from './use-reference-record';

/** How one collection's record becomes its form's fields and its fields a body for the API. */
export interface ReferenceRecordSpec<R, F> {
  collection: ReferenceCollection;
  /** The placeholder's height while the record loads: about the form's. */
  loadingHeight: number;
  /** Regions and cities may be deleted; schools never are. */
  deletable: boolean;
  /** An unknown record says so (`reference.schools.missing`); without it the form opens empty. */
  missing?: string;
  fieldsOf: (record: R | undefined) => F;
  /** What is sent: the whole body on create. */
  bodyOf: (fields: F) => Record<string, unknown>;
  /** The record's values as `bodyOf` would send them, so that an update sends only what changed. */
  savedOf: (fields: F) => Record<string, unknown>;
  Form: ComponentType<ReferenceFormProps<F>>;
}

/** /a/{collection}/create and /a/{collection}/{entity}: the heading (with Delete), then the form. */
export function ReferenceRecordPage<R extends { id: string }, F extends { name: string }>({
  spec,
}: {
  spec: ReferenceRecordSpec<R, F>;
}) {
  const { t } = useTranslation();
  const { creating, record, errors, save, askRemove, cancel } = useReferenceRecord<R>(spec.collection);
  if (!creating && record.isPending) return <Skeleton height={spec.loadingHeight} radius="md" />;
  if (!creating && !record.data && spec.missing) return <PageHeading title={spec.missing} />;
  const initial = spec.fieldsOf(record.data);
  const { Form } = spec;
  return (
    <>
      <PageHeading
        title={creating ? t(`reference.${spec.collection}.create`) : initial.name}
        description={t(`reference.${spec.collection}.one`)}
        toolbar={[
          {
            key: 'delete',
            label: t('common.delete'),
            icon: <IconTrash size={18} />,
            variant: 'light',
            color: 'red',
            visible: spec.deletable && !creating,
            onClick: () => void askRemove(initial.name),
          },
        ]}
      />
      <Form
        initial={initial}
        errors={errors}
        busy={save.isPending}
        onCancel={cancel}
        onSubmit={(fields) => {
          const body = spec.bodyOf(fields);
          save.mutate(creating ? body : changedFields(spec.savedOf(initial), body));
        }}
      />
    </>
  );
}
