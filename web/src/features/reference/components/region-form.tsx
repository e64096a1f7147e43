import { Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReferenceFormCard, useReferenceForm, type ReferenceFormProps } from './reference-form-card';

export type RegionFields = { name: string; description: string };

export function RegionForm({ initial, errors, busy, onSubmit, onCancel }: ReferenceFormProps<RegionFields>) {
  const { t } = useTranslation();
  const { form, textOf } = useReferenceForm(initial, errors);
  return (
    <ReferenceFormCard
      ready={form.name.trim() !== ''}
      busy={busy}
      onCancel={onCancel}
      onSubmit={() => onSubmit(form)}
    >
      <TextInput label={t('reference.fields.name')} required {...textOf('name')} />
      <Textarea label={t('reference.fields.description')} autosize minRows={2} {...textOf('description')} />
    </ReferenceFormCard>
  );
}
