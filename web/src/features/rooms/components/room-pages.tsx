import { Anchor, Badge, ColorSwatch, Group, Skeleton, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { clampPage, isApiError, records } from '../../../shared/api';
import { useFormat } from '../../../shared/i18n';
import { IconPlus } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { PagedTable, type Column } from '../../../shared/ui/paged-table';
import { notifySuccess } from '../../../shared/toasts/notify';
import {
  roomKeys,
  roomQuery,
  roomsPageQuery,
  saveRoom,
  type RoomFields,
  type RoomRecord,
  type Weekday,
} from '../api';
import { RoomForm } from './room-form';

const fieldErrors = (error: unknown) =>
  isApiError(error) ? Object.fromEntries(Object.entries(error.errors).map(([f, m]) => [f, m[0] ?? ''])) : {};

const emptyRoom: RoomFields = {
  name: '',
  description: '',
  color: '#2f80ed',
  timezone_id: 'asia-almaty',
  is_active: true,
  have_acs: false,
  schedules: [],
  pcs: [],
  persons: [],
  acs: { acs_gate_id: null, hostname: '', login: '', password: '' },
};

const fieldsOf = (room: RoomRecord): RoomFields => ({
  name: room.name,
  description: room.description ?? '',
  color: room.color ?? '',
  timezone_id: room.timezone_id,
  is_active: room.is_active,
  have_acs: room.have_acs,
  schedules: room.schedules.map(({ id, weekday, work_at_start, work_at_end, is_workday }) => ({
    id,
    weekday,
    work_at_start,
    work_at_end,
    is_workday,
  })),
  pcs: room.pcs.map(({ id, name, hostname, is_active }) => ({ id, name, hostname, is_active })),
  persons: room.persons.map(({ id, user_id, access_expired_at, is_access_expired, user }) => ({
    id,
    user_id,
    access_expired_at,
    is_access_expired,
    user,
  })),
  acs: {
    acs_gate_id: room.acs?.acs_gate_id ?? null,
    hostname: room.acs?.hostname ?? '',
    login: room.acs?.login ?? '',
    password: '',
  },
});

/** /t/rooms: the school's rooms, 25 a page, with their PC and person counts. */
export function RoomsListPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const requested = clampPage(Number(params.get('page') ?? '1'), Number.MAX_SAFE_INTEGER);
  const list = useQuery(roomsPageQuery(requested));
  const columns: Column<RoomRecord>[] = [
    {
      key: 'name',
      header: t('rooms.fields.name'),
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          {r.color ? <ColorSwatch color={r.color} size={14} aria-hidden /> : null}
          <Anchor component={Link} to={`/t/rooms/${r.id}`} fw={500}>
            {r.name}
          </Anchor>
          {r.is_active ? null : (
            <Badge color="gray" variant="light">
              {t('rooms.inactive')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'pcs', header: t('rooms.fields.pcsCount'), render: (r) => format.number(r.pcs_count) },
    { key: 'persons', header: t('rooms.fields.personsCount'), render: (r) => format.number(r.persons_count) },
    {
      key: 'schedule',
      header: t('rooms.fields.schedule'),
      wide: true,
      render: (r) =>
        r.schedules
          .filter((s) => s.is_workday)
          .map(
            (s) => `${t(`rooms.weekdaysShort.d${s.weekday as Weekday}`)} ${s.work_at_start}–${s.work_at_end}`,
          )
          .join(', ') || '—',
    },
  ];
  return (
    <Stack gap="md">
      <PageHeading
        title={t('rooms.title')}
        description={list.data ? t('rooms.total', { count: list.data.total }) : t('rooms.description')}
        toolbar={[
          { key: 'create', label: t('rooms.create'), icon: <IconPlus size={18} />, to: '/t/rooms/create' },
        ]}
      />
      <PagedTable
        label={t('rooms.title')}
        columns={columns}
        rows={list.data?.data}
        rowKey={(r) => r.id}
        loading={list.isPending}
        page={list.data?.current_page ?? requested}
        lastPage={list.data?.last_page ?? 1}
        onPage={(next) => setParams({ page: String(next) })}
        empty={t('rooms.empty')}
      />
    </Stack>
  );
}

/** /t/rooms/create. A part refused after the room was made leaves the room saved: a retry edits it. */
export function RoomCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const made = useRef<string | null>(null);
  const create = useMutation({
    mutationFn: async (fields: RoomFields) => {
      const room = made.current ? await records.get<RoomRecord>('classrooms', made.current) : null;
      return saveRoom(room, fields, (id) => (made.current = id));
    },
    onSuccess: (created) => {
      notifySuccess(t('rooms.created'));
      queryClient.removeQueries({ queryKey: roomKeys.pages });
      void navigate(`/t/rooms/${created.id}`);
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  return (
    <>
      <PageHeading title={t('rooms.create')} description={t('rooms.createDescription')} />
      <RoomForm
        initial={emptyRoom}
        busy={create.isPending}
        errors={errors}
        hasPassword={false}
        submitLabel={t('common.create')}
        onSubmit={(fields) => create.mutate(fields)}
        onCancel={() => navigate('/t/rooms')}
      />
    </>
  );
}

/** /t/rooms/{room}: the room with its parts, editable; only what changed is written. */
export function RoomViewPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useParams().room ?? '';
  const record = useQuery({ ...roomQuery(id), meta: { errorToast: false } });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useMutation({
    mutationFn: (fields: RoomFields) => saveRoom(record.data ?? null, fields),
    onSuccess: (saved) => {
      setErrors({});
      notifySuccess(t('rooms.saved'));
      queryClient.setQueryData(roomKeys.one(id), saved);
      queryClient.removeQueries({ queryKey: roomKeys.pages });
    },
    onError: (error) => {
      setErrors(fieldErrors(error));
      // Parts written before the refusal are saved: read the room again so the form knows their ids.
      void queryClient.invalidateQueries({ queryKey: roomKeys.one(id) });
    },
  });
  if (record.isPending) return <Skeleton height={480} radius="md" />;
  if (!record.data) return <PageHeading title={t('rooms.missing')} />;
  const room = record.data;
  return (
    <Stack gap="md">
      <PageHeading
        title={room.name}
        description={
          <Group gap="xs">
            <Badge variant="light">{`${t('rooms.fields.pcsCount')}: ${room.pcs_count}`}</Badge>
            <Badge
              variant="light"
              color="gray"
            >{`${t('rooms.fields.personsCount')}: ${room.persons_count}`}</Badge>
          </Group>
        }
      />
      <RoomForm
        key={JSON.stringify(fieldsOf(room))}
        initial={fieldsOf(room)}
        busy={update.isPending}
        errors={errors}
        hasPassword={room.acs?.has_password ?? false}
        submitLabel={t('common.save')}
        onSubmit={(fields) => update.mutate(fields)}
      />
    </Stack>
  );
}
