import {
  ActionIcon,
  Button,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Autocomplete,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlus, IconTrash } from '../../../shared/ui/icons';
import { errorUnder, type ServerFields } from '../model';

const PROVIDERS = ['jitsi', 'livekit', 'janus', 'mediasoup', 'bigbluebutton', 'ffmpeg'];

/** Create and edit of a server: the card the people forms use, the server's errors under their fields. */
export function ServerForm({
  initial,
  busy,
  errors,
  submitLabel,
  onSubmit,
  onCancel,
  extra,
}: {
  initial: ServerFields;
  busy: boolean;
  errors: Record<string, string>;
  submitLabel: string;
  onSubmit: (fields: ServerFields) => void;
  onCancel?: () => void;
  /** Beside the submit button: the check on the edit page. */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const [fields, setFields] = useState(initial);
  const set = <K extends keyof ServerFields>(key: K, value: ServerFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));
  const setIce = (index: number, patch: Partial<ServerFields['ice_servers'][number]>) =>
    set(
      'ice_servers',
      fields.ice_servers.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    );
  const label = (key: string) =>
    t(`infrastructure.servers.fields.${key}` as 'infrastructure.servers.fields.name');
  const ready = fields.name.trim() !== '' && fields.host.trim() !== '' && fields.provider.trim() !== '';
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
          <TextInput
            name="name"
            label={label('name')}
            required
            value={fields.name}
            error={errors.name}
            onChange={(e) => set('name', e.currentTarget.value)}
          />
          <Group grow align="flex-start">
            <Autocomplete
              name="provider"
              label={label('provider')}
              required
              data={PROVIDERS}
              value={fields.provider}
              error={errors.provider}
              onChange={(value) => set('provider', value)}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {label('type')}
              </Text>
              <SegmentedControl
                aria-label={label('type')}
                value={fields.type}
                onChange={(value) => set('type', value as ServerFields['type'])}
                data={[
                  { value: 'webinar', label: t('infrastructure.servers.types.webinar') },
                  { value: 'processing', label: t('infrastructure.servers.types.processing') },
                ]}
              />
              {errors.type ? (
                <Text size="xs" c="red">
                  {errors.type}
                </Text>
              ) : null}
            </Stack>
          </Group>
          <TextInput
            name="host"
            label={label('host')}
            required
            placeholder="https://meet.school.kz"
            value={fields.host}
            error={errors.host}
            onChange={(e) => set('host', e.currentTarget.value)}
          />
          <TextInput
            name="alternate_host"
            label={label('alternateHost')}
            placeholder="https://meet2.school.kz"
            value={fields.alternate_host}
            error={errorUnder(errors, 'options.alternate_host')}
            onChange={(e) => set('alternate_host', e.currentTarget.value)}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {label('iceServers')}
            </Text>
            {fields.ice_servers.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('infrastructure.servers.noIce')}
              </Text>
            ) : null}
            {fields.ice_servers.map((row, index) => (
              <Group key={index} align="flex-start" wrap="nowrap" gap="xs" data-testid="ice-row">
                <TextInput
                  style={{ flex: 3 }}
                  name={`ice_servers.${index}.urls`}
                  label={label('iceUrls')}
                  description={index === 0 ? label('iceUrlsHint') : undefined}
                  value={row.urls}
                  error={errorUnder(errors, `options.ice_servers.${index}`)}
                  onChange={(e) => setIce(index, { urls: e.currentTarget.value })}
                />
                <TextInput
                  style={{ flex: 1 }}
                  name={`ice_servers.${index}.username`}
                  label={label('username')}
                  description={index === 0 ? ' ' : undefined}
                  value={row.username}
                  onChange={(e) => setIce(index, { username: e.currentTarget.value })}
                />
                <PasswordInput
                  style={{ flex: 1 }}
                  name={`ice_servers.${index}.credential`}
                  label={label('credential')}
                  description={index === 0 ? ' ' : undefined}
                  value={row.credential}
                  onChange={(e) => setIce(index, { credential: e.currentTarget.value })}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={index === 0 ? 46 : 26}
                  aria-label={t('common.delete')}
                  onClick={() =>
                    set(
                      'ice_servers',
                      fields.ice_servers.filter((_, i) => i !== index),
                    )
                  }
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={16} />}
                onClick={() =>
                  set('ice_servers', [...fields.ice_servers, { urls: '', username: '', credential: '' }])
                }
              >
                {t('infrastructure.servers.addIce')}
              </Button>
            </Group>
          </Stack>
          <Textarea
            name="description"
            label={label('description')}
            autosize
            minRows={2}
            value={fields.description}
            error={errors.description}
            onChange={(e) => set('description', e.currentTarget.value)}
          />
          <Switch
            label={label('active')}
            checked={fields.is_active}
            onChange={(e) => set('is_active', e.currentTarget.checked)}
          />
          <Group justify="flex-end" gap="xs">
            {extra}
            {onCancel ? (
              <Button variant="default" onClick={onCancel}>
                {t('common.cancel')}
              </Button>
            ) : null}
            <Button type="submit" loading={busy} disabled={!ready} data-testid="server-save">
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}
