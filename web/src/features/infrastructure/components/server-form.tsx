import {
  Autocomplete,
  Group,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordForm, shellOf, type RecordFormProps } from '../../../shared/ui/record-form';
import { errorUnder, type ServerFields } from '../model';
import { IceServersField } from './ice-servers-field';
import { useInfrastructureForm } from './use-infrastructure-form';

const PROVIDERS = ['jitsi', 'livekit', 'janus', 'mediasoup', 'bigbluebutton', 'ffmpeg'];

/** Create and edit of a server: the card the people forms use, the server's errors under their fields. */
export function ServerForm({
  extra,
  ...props
}: RecordFormProps<ServerFields> & {
  /** Beside the submit button: the check on the edit page. */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const { errors } = props;
  const { fields, set, label, textOf } = useInfrastructureForm(props.initial, errors, 'servers');
  const ready = fields.name.trim() !== '' && fields.host.trim() !== '' && fields.provider.trim() !== '';
  return (
    <RecordForm {...shellOf(props, fields)} canSubmit={ready} submitTestId="server-save" actions={extra}>
      <TextInput label={label('name')} required {...textOf('name')} />
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
      <TextInput label={label('host')} required placeholder="https://meet.school.kz" {...textOf('host')} />
      <TextInput
        name="alternate_host"
        label={label('alternateHost')}
        placeholder="https://meet2.school.kz"
        value={fields.alternate_host}
        error={errorUnder(errors, 'options.alternate_host')}
        onChange={(e) => set('alternate_host', e.currentTarget.value)}
      />
      <IceServersField
        rows={fields.ice_servers}
        errors={errors}
        onChange={(rows) => set('ice_servers', rows)}
      />
      <Textarea label={label('description')} autosize minRows={2} {...textOf('description')} />
      <Switch
        label={label('active')}
        checked={fields.is_active}
        onChange={(e) => set('is_active', e.currentTarget.checked)}
      />
    </RecordForm>
  );
}
