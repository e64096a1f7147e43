import { Button, Group, Paper, Select, Skeleton, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { changedFields, isApiError, records } from '../../../shared/api';
import { confirmAction } from '../../../shared/ui/confirm-dialog';
import { IconTrash } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { notifySuccess } from '../../auth';
import {
  allRegionsQuery,
  referenceKeys,
  referenceOneQuery,
  type City,
  type Region,
  type ReferenceCollection,
  type School,
} from '../api';

/** /a/regions/create and /a/cities/create make a new record; any other {entity} edits that one. */
const NEW = 'create';

type RegionForm = { name: string; description: string };
type CityForm = {
  name: string;
  slug: string;
  description: string;
  region_id: string | null;
  is_default: boolean;
};

function errorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  return Object.fromEntries(Object.entries(error.errors).map(([field, texts]) => [field, texts[0] ?? '']));
}

/** Create, update (changed fields only) and delete of a reference record, with the page's chrome. */
function useReferenceRecord<T extends { id: string }>(collection: ReferenceCollection) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const entity = useParams().entity ?? NEW;
  const creating = entity === NEW;
  const record = useQuery({ ...referenceOneQuery<T>(collection, entity), enabled: !creating });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const done = (message: string) => {
    notifySuccess(message);
    // Dropped rather than marked stale: the list never shows the old rows before the new ones.
    queryClient.removeQueries({ queryKey: referenceKeys.all(collection) });
    void navigate(`/a/${collection}`);
  };
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      creating ? records.create<T>(collection, body) : records.update<T>(collection, entity, body),
    onSuccess: () => done(creating ? t('reference.created') : t('reference.saved')),
    onError: (error) => setErrors(errorsOf(error)),
  });
  const remove = useMutation({
    mutationFn: () => records.remove(collection, entity),
    onSuccess: () => done(t('reference.deleted')),
  });
  const askRemove = async (name: string) => {
    const ok = await confirmAction({
      title: t('common.delete'),
      message: t('reference.deleteConfirm', { name }),
      confirmLabel: t('common.delete'),
      danger: true,
    });
    if (ok) remove.mutate();
  };
  return { creating, record, errors, save, askRemove, cancel: () => navigate(`/a/${collection}`) };
}

export function RegionEditPage() {
  const { t } = useTranslation();
  const { creating, record, errors, save, askRemove, cancel } = useReferenceRecord<Region>('regions');
  if (!creating && record.isPending) return <Skeleton height={240} radius="md" />;
  const initial: RegionForm = { name: record.data?.name ?? '', description: record.data?.description ?? '' };
  return (
    <>
      <PageHeading
        title={creating ? t('reference.regions.create') : initial.name}
        description={t('reference.regions.one')}
        toolbar={[
          {
            key: 'delete',
            label: t('common.delete'),
            icon: <IconTrash size={18} />,
            variant: 'light',
            color: 'red',
            visible: !creating,
            onClick: () => void askRemove(initial.name),
          },
        ]}
      />
      <RegionFormView
        initial={initial}
        errors={errors}
        busy={save.isPending}
        onCancel={cancel}
        onSubmit={(form) => {
          const body = { name: form.name.trim(), description: form.description.trim() || null };
          save.mutate(
            creating ? body : changedFields({ ...initial, description: initial.description || null }, body),
          );
        }}
      />
    </>
  );
}

function RegionFormView({ initial, errors, busy, onSubmit, onCancel }: FormViewProps<RegionForm>) {
  const { t } = useTranslation();
  const [form, setForm] = useState(initial);
  return (
    <FormCard ready={form.name.trim() !== ''} busy={busy} onCancel={onCancel} onSubmit={() => onSubmit(form)}>
      <TextInput
        label={t('reference.fields.name')}
        required
        value={form.name}
        onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
        error={errors.name}
      />
      <Textarea
        label={t('reference.fields.description')}
        autosize
        minRows={2}
        value={form.description}
        onChange={(e) => setForm({ ...form, description: e.currentTarget.value })}
        error={errors.description}
      />
    </FormCard>
  );
}

export function CityEditPage() {
  const { t } = useTranslation();
  const { creating, record, errors, save, askRemove, cancel } = useReferenceRecord<City>('cities');
  if (!creating && record.isPending) return <Skeleton height={320} radius="md" />;
  const city = record.data;
  const initial: CityForm = {
    name: city?.name ?? '',
    slug: city?.slug ?? '',
    description: city?.description ?? '',
    region_id: city?.region_id ?? null,
    is_default: city?.is_default ?? false,
  };
  return (
    <>
      <PageHeading
        title={creating ? t('reference.cities.create') : initial.name}
        description={t('reference.cities.one')}
        toolbar={[
          {
            key: 'delete',
            label: t('common.delete'),
            icon: <IconTrash size={18} />,
            variant: 'light',
            color: 'red',
            visible: !creating,
            onClick: () => void askRemove(initial.name),
          },
        ]}
      />
      <CityFormView
        initial={initial}
        errors={errors}
        busy={save.isPending}
        onCancel={cancel}
        onSubmit={(form) => {
          const body = {
            ...form,
            name: form.name.trim(),
            slug: form.slug.trim(),
            description: form.description.trim() || null,
          };
          save.mutate(
            creating ? body : changedFields({ ...initial, description: initial.description || null }, body),
          );
        }}
      />
    </>
  );
}

function CityFormView({ initial, errors, busy, onSubmit, onCancel }: FormViewProps<CityForm>) {
  const { t } = useTranslation();
  const regions = useQuery(allRegionsQuery);
  const [form, setForm] = useState(initial);
  const ready = form.name.trim() && /^[a-z0-9-]+$/.test(form.slug.trim());
  return (
    <FormCard ready={Boolean(ready)} busy={busy} onCancel={onCancel} onSubmit={() => onSubmit(form)}>
      <TextInput
        label={t('reference.fields.name')}
        required
        value={form.name}
        onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
        error={errors.name}
      />
      <TextInput
        label={t('reference.fields.slug')}
        description={t('reference.fields.slugHint')}
        required
        value={form.slug}
        onChange={(e) => setForm({ ...form, slug: e.currentTarget.value })}
        error={errors.slug}
      />
      <Select
        label={t('reference.fields.region')}
        placeholder={t('reference.fields.noRegion')}
        data={(regions.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        value={form.region_id}
        onChange={(value) => setForm({ ...form, region_id: value })}
        clearable
        searchable
        nothingFoundMessage={t('common.nothingFound')}
        error={errors.region_id}
      />
      <Textarea
        label={t('reference.fields.description')}
        autosize
        minRows={2}
        value={form.description}
        onChange={(e) => setForm({ ...form, description: e.currentTarget.value })}
        error={errors.description}
      />
      <Switch
        label={t('reference.fields.isDefault')}
        checked={form.is_default}
        onChange={(e) => setForm({ ...form, is_default: e.currentTarget.checked })}
      />
    </FormCard>
  );
}

type SchoolForm = {
  name: string;
  short_description: string;
  email: string;
  website: string;
  call_center_phone: string;
};
const SCHOOL_FIELDS = ['short_description', 'email', 'website', 'call_center_phone'] as const;

/** /a/schools/create and /a/schools/{school}: the admin's form; schools are never deleted. */
export function SchoolEditPage() {
  const { t } = useTranslation();
  const { creating, record, errors, save, cancel } = useReferenceRecord<School>('schools');
  if (!creating && record.isPending) return <Skeleton height={320} radius="md" />;
  if (!creating && !record.data) return <PageHeading title={t('reference.schools.missing')} />;
  const school = record.data;
  const initial: SchoolForm = {
    name: school?.name ?? '',
    short_description: school?.short_description ?? '',
    email: school?.email ?? '',
    website: school?.website ?? '',
    call_center_phone: school?.call_center_phone ?? '',
  };
  const nullable = (form: SchoolForm) =>
    Object.fromEntries(SCHOOL_FIELDS.map((f) => [f, form[f].trim() || null])) as Record<
      string,
      string | null
    >;
  return (
    <>
      <PageHeading
        title={creating ? t('reference.schools.create') : initial.name}
        description={t('reference.schools.one')}
      />
      <SchoolFormView
        initial={initial}
        errors={errors}
        busy={save.isPending}
        onCancel={cancel}
        onSubmit={(form) => {
          const body = { name: form.name.trim(), ...nullable(form) };
          save.mutate(creating ? body : changedFields({ name: initial.name, ...nullable(initial) }, body));
        }}
      />
    </>
  );
}

function SchoolFormView({ initial, errors, busy, onSubmit, onCancel }: FormViewProps<SchoolForm>) {
  const { t } = useTranslation();
  const [form, setForm] = useState(initial);
  const field = (key: keyof SchoolForm, label: string) => (
    <TextInput
      label={label}
      required={key === 'name'}
      value={form[key]}
      onChange={(e) => setForm({ ...form, [key]: e.currentTarget.value })}
      error={errors[key]}
    />
  );
  return (
    <FormCard ready={form.name.trim() !== ''} busy={busy} onCancel={onCancel} onSubmit={() => onSubmit(form)}>
      {field('name', t('reference.fields.name'))}
      <Textarea
        label={t('reference.fields.description')}
        autosize
        minRows={2}
        value={form.short_description}
        onChange={(e) => setForm({ ...form, short_description: e.currentTarget.value })}
        error={errors.short_description}
      />
      {field('email', t('person.email'))}
      {field('website', t('reference.fields.website'))}
      {field('call_center_phone', t('reference.fields.phone'))}
    </FormCard>
  );
}

interface FormViewProps<F> {
  initial: F;
  errors: Record<string, string>;
  busy: boolean;
  onSubmit: (form: F) => void;
  onCancel: () => void;
}

/** The card every reference form sits in: it submits only when `ready`, and ends with Cancel and Save. */
function FormCard({
  ready,
  busy,
  onSubmit,
  onCancel,
  children,
}: {
  ready: boolean;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) onSubmit();
      }}
    >
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          {children}
          <FormButtons busy={busy} disabled={!ready} onCancel={onCancel} />
        </Stack>
      </Paper>
    </form>
  );
}

function FormButtons({
  busy,
  disabled,
  onCancel,
}: {
  busy: boolean;
  disabled: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="xs" mt="sm">
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={busy} disabled={disabled}>
        {t('common.save')}
      </Button>
    </Group>
  );
}
