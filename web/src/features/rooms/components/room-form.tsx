import {
  ColorInput,
  Divider,
  Group,
  PasswordInput,
  Select,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordForm, shellOf, type RecordFormProps } from '../../../shared/ui/record-form';
import { gatesQuery, studentsQuery, timezonesQuery, type RoomFields } from '../api';
import { PcEditor, PersonEditor, ScheduleEditor } from './room-parts';

/** A room's own fields, its weekly schedule, PCs, persons and access-control link. */
export function RoomForm(props: RecordFormProps<RoomFields> & { hasPassword: boolean }) {
  const { initial, errors, hasPassword } = props;
  const { t } = useTranslation();
  const [fields, setFields] = useState(initial);
  const timezones = useQuery(timezonesQuery);
  const gates = useQuery(gatesQuery);
  const students = useQuery(studentsQuery);
  const set = (patch: Partial<RoomFields>) => setFields({ ...fields, ...patch });
  return (
    <RecordForm {...shellOf(props, fields)} submitTestId="room-save">
      <TextInput
        label={t('rooms.fields.name')}
        required
        name="name"
        value={fields.name}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={errors.name}
      />
      <Textarea
        label={t('rooms.fields.description')}
        autosize
        minRows={2}
        value={fields.description}
        onChange={(e) => set({ description: e.currentTarget.value })}
        error={errors.description}
      />
      <Group grow align="flex-start">
        <ColorInput
          label={t('rooms.fields.color')}
          format="hex"
          value={fields.color}
          onChange={(color) => set({ color })}
          error={errors.color}
        />
        <Select
          label={t('rooms.fields.timezone')}
          data={(timezones.data ?? []).map((z) => ({ value: z.id, label: `${z.region} (UTC${z.utc})` }))}
          value={fields.timezone_id}
          onChange={(timezone_id) => set({ timezone_id })}
          clearable
          error={errors.timezone_id}
        />
      </Group>
      <Switch
        label={t('rooms.fields.active')}
        checked={fields.is_active}
        onChange={(e) => set({ is_active: e.currentTarget.checked })}
      />
      <Divider />
      <ScheduleEditor rows={fields.schedules} errors={errors} onChange={(schedules) => set({ schedules })} />
      <Divider />
      <PcEditor rows={fields.pcs} errors={errors} onChange={(pcs) => set({ pcs })} />
      <Divider />
      <PersonEditor
        rows={fields.persons}
        students={students.data ?? []}
        errors={errors}
        onChange={(persons) => set({ persons })}
      />
      <Divider />
      <Switch
        label={t('rooms.fields.haveAcs')}
        checked={fields.have_acs}
        onChange={(e) => set({ have_acs: e.currentTarget.checked })}
      />
      {fields.have_acs ? (
        <Group grow align="flex-start" data-testid="room-acs">
          <Select
            label={t('rooms.fields.gate')}
            data={(gates.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
            value={fields.acs.acs_gate_id}
            onChange={(acs_gate_id) => set({ acs: { ...fields.acs, acs_gate_id } })}
            error={errors['acs.acs_gate_id']}
          />
          <TextInput
            label={t('rooms.fields.hostname')}
            value={fields.acs.hostname}
            onChange={(e) => set({ acs: { ...fields.acs, hostname: e.currentTarget.value } })}
            error={errors['acs.hostname']}
          />
          <TextInput
            label={t('rooms.fields.login')}
            value={fields.acs.login}
            onChange={(e) => set({ acs: { ...fields.acs, login: e.currentTarget.value } })}
            error={errors['acs.login']}
          />
          <PasswordInput
            label={t('rooms.fields.password')}
            placeholder={hasPassword ? t('rooms.passwordKept') : ''}
            value={fields.acs.password}
            onChange={(e) => set({ acs: { ...fields.acs, password: e.currentTarget.value } })}
            error={errors['acs.password']}
            autoComplete="new-password"
          />
        </Group>
      ) : null}
    </RecordForm>
  );
}
