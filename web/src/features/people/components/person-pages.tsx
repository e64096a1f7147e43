import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api';
import { useFormat } from '../../../shared/i18n';
import { fullNameOf } from '../../../shared/person/full-name';
import { confirmAction } from '../../../shared/ui/confirm-dialog';
import { IconEdit, IconTrash } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { UserAvatar } from '../../../shared/ui/user-avatar';
import { notifySuccess } from '../../../shared/toasts/notify';
import { peopleApi, peopleKeys, personQuery } from '../api';
import {
  createBody,
  emptyForm,
  formOf,
  idFromIdName,
  idNameOf,
  SETTINGS_OF,
  updateBody,
  type PeopleCollection,
  type Person,
} from '../model';
import { PersonFormFields } from './person-form';

/**
 * After a write the cached pages of the list are dropped, not just marked stale: the list shows its
 * loading rows and then the truth, never the old rows first.
 */
function forgetLists(queryClient: QueryClient, collection: PeopleCollection): void {
  queryClient.removeQueries({ queryKey: peopleKeys.pages(collection) });
  void queryClient.invalidateQueries({ queryKey: ['home'] });
}

function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  return Object.fromEntries(Object.entries(error.errors).map(([field, texts]) => [field, texts[0] ?? '']));
}

export function PersonCreatePage({ collection }: { collection: PeopleCollection }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (body: object) => peopleApi.create(collection, body),
    onSuccess: async (person) => {
      notifySuccess(t('people.created'));
      forgetLists(queryClient, collection);
      void navigate(`/m/${collection}/${person.id}`);
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  return (
    <>
      <PageHeading
        title={t(`people.${collection}.create`)}
        description={t('people.form.createDescription')}
      />
      <PersonFormFields
        collection={collection}
        initial={emptyForm(collection)}
        creating
        busy={create.isPending}
        errors={errors}
        onSubmit={(form) => create.mutate(createBody(collection, form))}
        onCancel={() => navigate(`/m/${collection}`)}
      />
    </>
  );
}

export function PersonEditPage({ collection }: { collection: PeopleCollection }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = idFromIdName(useParams().idName ?? '');
  const person = useQuery(personQuery(collection, id));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: object) => peopleApi.update(collection, id, body),
    onSuccess: async (saved) => {
      notifySuccess(t('people.saved'));
      queryClient.setQueryData(peopleKeys.one(collection, id), saved);
      forgetLists(queryClient, collection);
      void navigate(`/m/${collection}/${id}`);
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  if (person.isError) return <MissingPerson collection={collection} />;
  return (
    <>
      <PageHeading
        title={person.data ? fullNameOf(person.data) : t('common.loading')}
        description={t(`people.${collection}.editDescription`)}
      />
      {person.data ? (
        <PersonFormFields
          key={id}
          collection={collection}
          initial={formOf(collection, person.data)}
          creating={false}
          busy={save.isPending}
          errors={errors}
          onSubmit={(form) => {
            const body = updateBody(collection, person.data!, form);
            if (Object.keys(body).length === 0) void navigate(`/m/${collection}/${id}`);
            else save.mutate(body);
          }}
          onCancel={() => navigate(`/m/${collection}/${id}`)}
        />
      ) : (
        <Skeleton height={320} radius="md" />
      )}
    </>
  );
}

export function PersonViewPage({ collection }: { collection: PeopleCollection }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useParams().id ?? '';
  const person = useQuery(personQuery(collection, id));
  const deactivate = useMutation({
    mutationFn: () => peopleApi.deactivate(collection, id),
    onSuccess: async () => {
      notifySuccess(t('people.deactivated'));
      forgetLists(queryClient, collection);
      void navigate(`/m/${collection}`);
    },
  });
  if (person.isError) return <MissingPerson collection={collection} />;
  const data = person.data;
  return (
    <>
      <PageHeading
        title={data ? fullNameOf(data) : t('common.loading')}
        description={t(`people.${collection}.one`)}
        toolbar={
          data
            ? [
                {
                  key: 'edit',
                  label: t('common.edit'),
                  icon: <IconEdit size={18} />,
                  to: `/m/${collection}/edit/${idNameOf(data)}`,
                },
                {
                  key: 'deactivate',
                  label: t('people.deactivate'),
                  icon: <IconTrash size={18} />,
                  variant: 'light',
                  color: 'red',
                  onClick: async () => {
                    const ok = await confirmAction({
                      title: t('people.deactivate'),
                      message: t('people.deactivateConfirm', { name: fullNameOf(data) }),
                      confirmLabel: t('people.deactivate'),
                      danger: true,
                    });
                    if (ok) deactivate.mutate();
                  },
                },
              ]
            : []
        }
      />
      {data ? <PersonCard collection={collection} person={data} /> : <Skeleton height={240} radius="md" />}
    </>
  );
}

/** A person's details, also shown to a teacher looking at a student (/t/student/{student}). */
export function PersonCard({ collection, person }: { collection: PeopleCollection; person: Person }) {
  const { t } = useTranslation();
  const format = useFormat();
  const rows: [string, string][] = [
    [t('person.username'), person.username],
    [t('person.email'), person.email ?? '—'],
    [t('person.phone'), person.phone ?? '—'],
    [t('person.registered'), person.register_date ? format.dateTime(person.register_date) : '—'],
  ];
  if (person.description) rows.push([t('person.description'), person.description]);
  return (
    <Paper withBorder radius="md" p="lg" data-testid="person-card">
      <Group gap="md" mb="md" wrap="nowrap">
        <UserAvatar person={person} size={56} />
        <div>
          <Text fw={650} fz="lg">
            {fullNameOf(person)}
          </Text>
          <Text c="dimmed" size="sm">
            {t(
              `groups.${collection === 'students' ? 'student' : collection === 'teachers' ? 'teacher' : 'proctor'}`,
            )}
          </Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" style={{ margin: 0 }}>
        {rows.map(([label, value]) => (
          <Stack key={label} gap={0}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0}>
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {SETTINGS_OF[collection].length > 0 ? (
        <Group gap="xs" mt="md">
          {SETTINGS_OF[collection].map((key) => (
            <Badge key={key} color={person[key] ? 'green' : 'gray'}>
              {t(`people.settings.${key}`)}: {person[key] ? t('common.yes') : t('common.no')}
            </Badge>
          ))}
        </Group>
      ) : null}
    </Paper>
  );
}

function MissingPerson({ collection }: { collection: PeopleCollection }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack align="flex-start" gap="sm">
      <PageHeading title={t('people.missing')} />
      <Button variant="light" onClick={() => navigate(`/m/${collection}`)}>
        {t(`people.${collection}.title`)}
      </Button>
    </Stack>
  );
}
