import { Select, Switch, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { allRegionsQuery } from '../api';
import { ReferenceFormCard, useReferenceForm, type ReferenceFormProps } from './reference-form-card';

export type CityFields = {
  name: string;
  slug: string;
  description: string;
  region_id: string | null;
  is_default: boolean;
};

export function CityForm(props: ReferenceFormProps<CityFields>) {
  const { t } = useTranslation();
  const regions = useQuery(allRegionsQuery);
  const { form, setForm, textOf, cardOf } = useReferenceForm(props);
  const ready = form.name.trim() !== '' && /^[a-z0-9-]+$/.test(form.slug.trim());
  return (
    <ReferenceFormCard {...cardOf(ready)}>
      <TextInput label={t('reference.fields.name')} required {...textOf('name')} />
      <TextInput
        label={t('reference.fields.slug')}
        description={t('reference.fields.slugHint')}
        required
        {...textOf('slug')}
      />
      <Select
        label={t('reference.fields.region')}
        placeholder={t('reference.fields.noRegion')}
        data={(regions.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        value={form.region_id}
        onChange={(value) => setForm({ ...form, region_id: value })}
        clearable
        searchable
        nothingFoundMessage={t('common.nothingFound')}
        error={props.errors.region_id}
      />
      <Textarea label={t('reference.fields.description')} autosize minRows={2} {...textOf('description')} />
      <Switch
        label={t('reference.fields.isDefault')}
        checked={form.is_default}
        onChange={(e) => setForm({ ...form, is_default: e.currentTarget.checked })}
      />
    </ReferenceFormCard>
  );
}
