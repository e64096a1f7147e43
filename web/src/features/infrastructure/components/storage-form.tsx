import { Button, Group, Paper, PasswordInput, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StorageFields } from '../model';

/** Create and edit of an external S3 storage; the secret key is write-only (empty keeps the stored one). */
export function StorageForm({
  initial,
  hasSecret,
  busy,
  errors,
  submitLabel,
  onSubmit,
  onCancel,
  extra,
}: {
  initial: StorageFields;
  hasSecret: boolean;
  busy: boolean;
  errors: Record<string, string>;
  submitLabel: string;
  onSubmit: (fields: StorageFields) => void;
  onCancel?: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const [fields, setFields] = useState(initial);
  const set = <K extends keyof StorageFields>(key: K, value: StorageFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));
  const label = (key: string) =>
    t(`infrastructure.storages.fields.${key}` as 'infrastructure.storages.fields.name');
  const text = (
    key: 'name' | 'endpoint' | 'region' | 'bucket' | 'prefix' | 'access_key',
    title: string,
    required = false,
    placeholder?: string,
  ) => (
    <TextInput
      name={key}
      label={label(title)}
      required={required}
      placeholder={placeholder}
      value={fields[key]}
      error={errors[key]}
      onChange={(e) => set(key, e.currentTarget.value)}
    />
  );
  const ready =
    ['name', 'endpoint', 'bucket', 'access_key'].every((key) => fields[key as keyof StorageFields] !== '') &&
    (hasSecret || fields.secret_key !== '');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy && ready) onSubmit(fields);
      }}
    >
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
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
              name="secret_key"
              label={label('secretKey')}
              required={!hasSecret}
              autoComplete="new-password"
              description={hasSecret ? t('infrastructure.storages.secretKept') : undefined}
              value={fields.secret_key}
              error={errors.secret_key}
              onChange={(e) => set('secret_key', e.currentTarget.value)}
            />
          </Group>
          <Switch
            label={label('pathStyle')}
            checked={fields.path_style}
            onChange={(e) => set('path_style', e.currentTarget.checked)}
          />
          <Textarea
            name="description"
            label={label('description')}
            autosize
            minRows={2}
            value={fields.description}
            error={errors.description}
            onChange={(e) => set('description', e.currentTarget.value)}
          />
          <Group justify="flex-end" gap="xs">
            {extra}
            {onCancel ? (
              <Button variant="default" onClick={onCancel}>
                {t('common.cancel')}
              </Button>
            ) : null}
            <Button type="submit" loading={busy} disabled={!ready} data-testid="storage-save">
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}
