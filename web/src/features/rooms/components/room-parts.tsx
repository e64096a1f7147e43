import { Select, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RowListEditor } from '../../../shared/ui/row-list-editor';
import type { Pc, Person, Schedule, StudentOption } from '../api';
import { nameOf } from '../api';
import { DateField } from '../../../shared/ui/date-field';

type Errors = Record<string, string>;
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The weekly schedule: one row per working period, weekday 1 (Monday) to 7. */
export function ScheduleEditor({
  rows,
  errors,
  onChange,
}: {
  rows: Schedule[];
  errors: Errors;
  onChange: (rows: Schedule[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <RowListEditor
      testId="room-schedules"
      title={t('rooms.fields.schedule')}
      empty={t('rooms.noSchedule')}
      addLabel={t('rooms.addSchedule')}
      removeLabel={t('rooms.remove')}
      rows={rows}
      onChange={onChange}
      newRow={(rows) => ({
        weekday: nextWeekday(rows),
        work_at_start: '08:00',
        work_at_end: '17:00',
        is_workday: true,
      })}
      renderRow={(row, set, i) => (
        <>
          <Select
            label={t('rooms.fields.weekday')}
            w={160}
            data={WEEKDAYS.map((d) => ({ value: String(d), label: t(`rooms.weekdays.d${d}`) }))}
            value={String(row.weekday)}
            onChange={(v) => set({ weekday: Number(v ?? 1) })}
            allowDeselect={false}
            error={errors[`schedules.${i}.weekday`]}
          />
          <TextInput
            label={t('rooms.fields.start')}
            w={110}
            placeholder="08:00"
            name={`schedules.${i}.work_at_start`}
            value={row.work_at_start}
            onChange={(e) => set({ work_at_start: e.currentTarget.value })}
            error={errors[`schedules.${i}.work_at_start`]}
          />
          <TextInput
            label={t('rooms.fields.end')}
            w={110}
            placeholder="17:00"
            name={`schedules.${i}.work_at_end`}
            value={row.work_at_end}
            onChange={(e) => set({ work_at_end: e.currentTarget.value })}
            error={errors[`schedules.${i}.work_at_end`]}
          />
          <Switch
            label={t('rooms.fields.workday')}
            mt={30}
            checked={row.is_workday}
            onChange={(e) => set({ is_workday: e.currentTarget.checked })}
          />
        </>
      )}
    />
  );
}

const nextWeekday = (rows: readonly Schedule[]) => Math.min(7, (rows[rows.length - 1]?.weekday ?? 0) + 1);

/** The room's PCs: a name and the host name the school's network knows it by. */
export function PcEditor({
  rows,
  errors,
  onChange,
}: {
  rows: Pc[];
  errors: Errors;
  onChange: (rows: Pc[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <RowListEditor
      testId="room-pcs"
      title={t('rooms.fields.pcs')}
      addLabel={t('rooms.addPc')}
      removeLabel={t('rooms.remove')}
      rows={rows}
      onChange={onChange}
      newRow={(rows) => ({
        name: t('rooms.pcDefaultName', { n: rows.length + 1 }),
        hostname: '',
        is_active: true,
      })}
      renderRow={(row, set, i) => (
        <>
          <TextInput
            label={t('rooms.fields.pcName')}
            w={180}
            name={`pcs.${i}.name`}
            value={row.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={errors[`pcs.${i}.name`]}
          />
          <TextInput
            label={t('rooms.fields.hostname')}
            w={220}
            name={`pcs.${i}.hostname`}
            value={row.hostname}
            onChange={(e) => set({ hostname: e.currentTarget.value })}
            error={errors[`pcs.${i}.hostname`]}
          />
          <Switch
            label={t('rooms.fields.active')}
            mt={30}
            checked={row.is_active}
            onChange={(e) => set({ is_active: e.currentTarget.checked })}
          />
        </>
      )}
    />
  );
}

/** Who may enter: the school's students, each with an optional access expiry (a date). */
export function PersonEditor({
  rows,
  students,
  errors,
  onChange,
}: {
  rows: Person[];
  students: StudentOption[];
  errors: Errors;
  onChange: (rows: Person[]) => void;
}) {
  const { t } = useTranslation();
  const options = students.map((s) => ({ value: s.id, label: nameOf(s) }));
  // A person already let in keeps their name even when the list of students is still loading.
  for (const row of rows) {
    if (row.user && !options.some((o) => o.value === row.user_id))
      options.push({ value: row.user_id, label: row.user.name });
  }
  return (
    <RowListEditor
      testId="room-persons"
      title={t('rooms.fields.persons')}
      addLabel={t('rooms.addPerson')}
      removeLabel={t('rooms.remove')}
      rows={rows}
      onChange={onChange}
      newRow={() => ({ user_id: '', access_expired_at: null })}
      renderRow={(row, set, i) => (
        <>
          <Select
            label={t('rooms.fields.person')}
            w={260}
            searchable
            data={options}
            value={row.user_id || null}
            onChange={(v) => set({ user_id: v ?? '' })}
            nothingFoundMessage={t('common.nothingFound')}
            error={errors[`persons.${i}.user_id`]}
          />
          <DateField
            label={t('rooms.fields.expiresAt')}
            w={170}
            value={row.access_expired_at?.slice(0, 10) ?? ''}
            onChange={(day) => set({ access_expired_at: day ? `${day}T23:59:59Z` : null })}
            error={errors[`persons.${i}.access_expired_at`]}
          />
          {row.is_access_expired ? (
            <Text c="red" size="sm" mt={30}>
              {t('rooms.expired')}
            </Text>
          ) : null}
        </>
      )}
    />
  );
}
