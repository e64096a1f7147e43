import { Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReferenceFormCard, useReferenceForm, type ReferenceFormProps } from './reference-form-card';

export type RegionFields = { name: string; description: string };

export function RegionForm(props: ReferenceFormProps<RegionFields>) {
  const { t } = useTranslation();
  const { form, textOf, cardOf } = useReferenceForm(props);
  return (
    <ReferenceFormCard {...cardOf(form.name.trim() !== '')}>
      <TextInput label={t('reference.fields.name')} required {...textOf('name')} />
      <Textarea label={t('reference.fields.description')} autosize minRows={2} {...textOf('description')} />
    </ReferenceFormCard>
  );
}
