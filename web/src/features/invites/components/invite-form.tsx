import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlus, IconTrash } from '../../../shared/ui/icons';
import type { InviteFields, InviteGroup } from '../model';

const GROUPS: InviteGroup[] = ['student', 'teacher', 'proctor'];

/**
 * An invite's fields (001 §3: personal recipients, max uses, expiry, an optional registration form).
 * `groupEditable`: the group is chosen only at creation, and only staff may invite teachers or proctors.
 */
export function InviteForm({
  initial,
  busy,
  errors,
  submitLabel,
  groupEditable,
  onSubmit,
  onCancel,
}: {
  initial: InviteFields;
  busy: boolean;
  errors: Record<string, string>;
  submitLabel: string;
  groupEditable: boolean;
  onSubmit: (fields: InviteFields) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [fields, setFields] = useState(initial);
  const set = <K extends keyof InviteFields>(key: K, value: InviteFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));
  const setRecipient = (index: number, change: Partial<InviteFields['recipients'][number]>) =>
    set(
      'recipients',
      fields.recipients.map((r, i) => (i === index ? { ...r, ...change } : r)),
    );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(fields);
      }}
    >
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <TextInput
            label={t('invites.fields.name')}
            required
            name="name"
            value={fields.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errors.name}
          />
          <Textarea
            label={t('invites.fields.description')}
            autosize
            minRows={2}
            value={fields.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            error={errors.description}
          />
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label={t('invites.fields.group')}
              data={GROUPS.map((g) => ({ value: g, label: t(`invites.groups.${g}`) }))}
              value={fields.group}
              allowDeselect={false}
              disabled={!groupEditable}
              onChange={(value) => value && set('group', value as InviteGroup)}
              error={errors.group}
            />
            <NumberInput
              label={t('invites.fields.limits')}
              description={t('invites.fields.limitsHint')}
              name="limits"
              min={0}
              allowDecimal={false}
              value={fields.limits}
              onChange={(value) => set('limits', typeof value === 'number' ? value : 0)}
              error={errors.limits}
            />
            <TextInput
              type="date"
              label={t('invites.fields.expiredAt')}
              description={t('invites.fields.expiredAtHint')}
              name="expired_at"
              value={fields.expiresOn}
              onChange={(e) => set('expiresOn', e.currentTarget.value)}
              error={errors.expired_at ?? errors.expires_in}
            />
          </Group>
          <Switch
            label={t('invites.fields.formEnabled')}
            checked={fields.form_enabled}
            onChange={(e) => set('form_enabled', e.currentTarget.checked)}
          />
          {fields.form_enabled ? (
            <Stack gap="sm" pl="md">
              <TextInput
                label={t('invites.fields.formUrl')}
                value={fields.form_url}
                onChange={(e) => set('form_url', e.currentTarget.value)}
                error={errors.form_url}
              />
              <TextInput
                label={t('invites.fields.formName')}
                value={fields.form_name}
                onChange={(e) => set('form_name', e.currentTarget.value)}
                error={errors.form_name}
              />
              <Textarea
                label={t('invites.fields.formDescription')}
                autosize
                minRows={2}
                value={fields.form_description}
                onChange={(e) => set('form_description', e.currentTarget.value)}
                error={errors.form_description}
              />
            </Stack>
          ) : null}
          <Text fw={500} size="sm">
            {t('invites.fields.recipients')}
          </Text>
          {fields.recipients.map((r, index) => (
            <Group key={index} align="flex-start" gap="xs" wrap="wrap">
              <TextInput
                label={t('invites.fields.recipientName')}
                value={r.name}
                onChange={(e) => setRecipient(index, { name: e.currentTarget.value })}
                style={{ flex: '1 1 160px' }}
              />
              <Select
                label={t('invites.fields.recipientType')}
                data={(['email', 'phone'] as const).map((k) => ({
                  value: k,
                  label: t(`invites.recipientTypes.${k}`),
                }))}
                value={r.type}
                allowDeselect={false}
                onChange={(value) => value && setRecipient(index, { type: value as 'email' | 'phone' })}
                style={{ flex: '0 1 140px' }}
              />
              <TextInput
                label={t('invites.fields.recipient')}
                value={r.recipient}
                onChange={(e) => setRecipient(index, { recipient: e.currentTarget.value })}
                error={errors[`recipients.${index}.recipient`]}
                style={{ flex: '1 1 200px' }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                aria-label={t('invites.removeRecipient', { index: index + 1 })}
                onClick={() =>
                  set(
                    'recipients',
                    fields.recipients.filter((_, i) => i !== index),
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
              leftSection={<IconPlus size={16} />}
              onClick={() =>
                set('recipients', [...fields.recipients, { type: 'email', recipient: '', name: '' }])
              }
            >
              {t('invites.addRecipient')}
            </Button>
          </Group>
          <Group justify="flex-end" gap="xs">
            {onCancel ? (
              <Button variant="default" onClick={onCancel}>
                {t('common.cancel')}
              </Button>
            ) : null}
            <Button type="submit" loading={busy} data-testid="invite-save">
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}
