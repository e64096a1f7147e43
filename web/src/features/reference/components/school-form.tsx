import { Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReferenceFormCard, useReferenceForm, type ReferenceFormProps } from './reference-form-card';

export type SchoolFields = {
  name: string;
  short_description: string;
  email: string;
  website: string;
  call_center_phone: string;
};

export function SchoolForm(props: ReferenceFormProps<SchoolFields>) {
  const { t } = useTranslation();
  const { form, textOf, cardOf } = useReferenceForm(props);
  const field = (key: keyof SchoolFields, label: string) => (
    <TextInput label={label} required={key === 'name'} {...textOf(key)} />
  );
  return (
    <ReferenceFormCard {...cardOf(form.name.trim() !== '')}>
      {field('name', t('reference.fields.name'))}
      <Textarea
        label={t('reference.fields.description')}
        autosize
        minRows={2}
        {...textOf('short_description')}
      />
      {field('email', t('person.email'))}
      {field('website', t('reference.fields.website'))}
      {field('call_center_phone', t('reference.fields.phone'))}
    </ReferenceFormCard>
  );
}
