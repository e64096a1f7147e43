import { Group, NumberInput, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordForm, shellOf, type RecordFormProps } from '../../../shared/ui/record-form';
import { RowListEditor } from '../../../shared/ui/row-list-editor';
import type { InviteFields, InviteGroup } from '../model';
import { DateField } from '../../../shared/ui/date-field';

const GROUPS: InviteGroup[] = ['student', 'teacher', 'proctor'];

/**
 * An invite's fields (001 §3: personal recipients, max uses, expiry, an optional registration form).
 * `groupEditable`: the group is chosen only at creation, and only staff may invite teachers or proctors.
 */
export function InviteForm(props: RecordFormProps<InviteFields> & { groupEditable: boolean }) {
  const { initial, errors, groupEditable } = props;
  const { t } = useTranslation();
  const [fields, setFields] = useState(initial);
  const set = <K extends keyof InviteFields>(key: K, value: InviteFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));
  return (
    <RecordForm {...shellOf(props, fields)} submitTestId="invite-save">
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
        <DateField
          label={t('invites.fields.expiredAt')}
          description={t('invites.fields.expiredAtHint')}
          name="expired_at"
          value={fields.expiresOn}
          onChange={(day) => set('expiresOn', day)}
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
      <RowListEditor
        title={t('invites.fields.recipients')}
        rows={fields.recipients}
        onChange={(recipients) => set('recipients', recipients)}
        newRow={() => ({ type: 'email' as const, recipient: '', name: '' })}
        addLabel={t('invites.addRecipient')}
        removeLabel={(index) => t('invites.removeRecipient', { index: index + 1 })}
        renderRow={(r, setRecipient, index) => (
          <>
            <TextInput
              label={t('invites.fields.recipientName')}
              value={r.name}
              onChange={(e) => setRecipient({ name: e.currentTarget.value })}
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
              onChange={(value) => value && setRecipient({ type: value as 'email' | 'phone' })}
              style={{ flex: '0 1 140px' }}
            />
            <TextInput
              label={t('invites.fields.recipient')}
              value={r.recipient}
              onChange={(e) => setRecipient({ recipient: e.currentTarget.value })}
              error={errors[`recipients.${index}.recipient`]}
              style={{ flex: '1 1 200px' }}
            />
          </>
        )}
      />
    </RecordForm>
  );
}
