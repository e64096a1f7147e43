import { Group, PasswordInput, Switch, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RecordForm, shellOf, type RecordFormProps } from '../../../shared/ui/record-form';
import type { StorageFields } from '../model';
import { useInfrastructureForm } from './use-infrastructure-form';

/** Create and edit of an external S3 storage; the secret key is write-only (empty keeps the stored one). */
export function StorageForm({
  hasSecret,
  ...props
}: RecordFormProps<StorageFields> & {
  /** A secret is stored: the field may stay empty, which keeps it. */
  hasSecret: boolean;
}) {
  const { t } = useTranslation();
  const { errors } = props;
  const { fields, set, label, textOf } = useInfrastructureForm(props.initial, errors, 'storages');
  const text = (
    key: 'name' | 'endpoint' | 'region' | 'bucket' | 'prefix' | 'access_key',
    title: string,
    required = false,
    placeholder?: string,
  ) => <TextInput label={label(title)} required={required} placeholder={placeholder} {...textOf(key)} />;
  const ready =
    ['name', 'endpoint', 'bucket', 'access_key'].every((key) => fields[key as keyof StorageFields] !== '') &&
    (hasSecret || fields.secret_key !== '');
  return (
    <RecordForm {...shellOf(props, fields)} canSubmit={ready} submitTestId="storage-save">
      {text('name', 'name', true)}
      {text('endpoint', 'endpoint', true, 'https://s3.example.kz')}
      <Group grow align="flex-start">
        {text('bucket', 'bucket', true, 'school-archive')}
        {text('region', 'region')}
        {text('prefix', 'prefix', false, 'sabaq')}
      </Group>
      <Group grow align="flex-start">
        {text('access_key', 'accessKey', true)}
        <PasswordInput
          label={label('secretKey')}
          required={!hasSecret}
          autoComplete="new-password"
          description={hasSecret ? t('infrastructure.storages.secretKept') : undefined}
          {...textOf('secret_key')}
        />
      </Group>
      <Switch
        label={label('pathStyle')}
        checked={fields.path_style}
        onChange={(e) => set('path_style', e.currentTarget.checked)}
      />
      <Textarea label={label('description')} autosize minRows={2} {...textOf('description')} />
    </RecordForm>
  );
}
