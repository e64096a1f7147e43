import { Select, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordForm, shellOf, type RecordFormProps } from '../../../../shared/ui/record-form';
import type { ProviderFields } from '../../settings-model';

/** The adapters the platform has (docs/shop.md "Payments: the port"). */
export const PROVIDER_TYPES = ['test'] as const;

/** A payment provider of the school: name, description and its adapter. */
export function ProviderForm(props: RecordFormProps<ProviderFields>) {
  const { t } = useTranslation();
  const [fields, setFields] = useState(props.initial);
  const set = (change: Partial<ProviderFields>) => setFields((current) => ({ ...current, ...change }));
  return (
    <RecordForm
      {...shellOf(props, fields)}
      canSubmit={fields.name.trim() !== ''}
      shownFields={['name', 'description', 'type']}
      submitTestId="provider-submit"
    >
      <TextInput
        label={t('shop.providers.fields.name')}
        required
        value={fields.name}
        onChange={(event) => set({ name: event.currentTarget.value })}
        error={props.errors.name}
        data-testid="provider-name"
      />
      <Select
        label={t('shop.providers.fields.type')}
        allowDeselect={false}
        value={fields.type}
        onChange={(value) => value && set({ type: value })}
        data={PROVIDER_TYPES.map((value) => ({ value, label: t(`shop.providers.types.${value}`) }))}
        error={props.errors.type}
      />
      <Textarea
        label={t('shop.providers.fields.description')}
        autosize
        minRows={2}
        value={fields.description}
        onChange={(event) => set({ description: event.currentTarget.value })}
        error={props.errors.description}
      />
    </RecordForm>
  );
}
