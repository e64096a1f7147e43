import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { groupKey, profilePathOf } from '../../../shared/guards/groups';
import { api, isApiError, records } from '../../../shared/api';
import { useFormat } from '../../../shared/i18n';
import { fullNameOf } from '../../../shared/person/full-name';
import { IconEdit, IconKey } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { UserAvatar } from '../../../shared/ui/user-avatar';
import { ProfileEditForm } from './profile-edit-form';
import { fieldErrorsOf } from '../../../shared/access/errors';
import { NewPasswordForm } from '../../../shared/access/new-password-form';
import { notifySuccess } from '../../../shared/toasts/notify';
import { useCurrentUser, type User } from '../../../shared/session';

/** The profile routes of an area: view at …/profile, edit and password beside it. */
function profileRoutes(group: string) {
  const view = profilePathOf(group) ?? '/';
  // The teacher's area names its edit page /t/profile-edit and has no separate password page (000 §2).
  if (group === 'teacher') return { view, edit: '/t/profile-edit', password: '/t/profile-edit' };
  return { view, edit: `${view}/edit`, password: `${view}/password` };
}

type ProfileView = Pick<
  User,
  'id' | 'firstname' | 'lastname' | 'patronymic' | 'email' | 'phone' | 'username' | 'photo' | 'color'
> & {
  group?: string;
  register_date?: string | null;
};

/**
 * /x/profile/{user?}: the signed-in user's own profile, or (with a user id) another user's as the
 * caller may read it: managers and admins read their school's users, teachers its students.
 */
export function ProfileViewPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { user } = useCurrentUser();
  const other = useParams().user;
  const someoneElse = Boolean(other && other !== user?.id);
  const collection = user?.group === 'teacher' ? 'students' : 'users';
  const person = useQuery({
    queryKey: ['profile', collection, other],
    enabled: someoneElse,
    queryFn: async ({ signal }) => {
      const entity = await records.get<ProfileView & { user?: ProfileView }>(collection, other!, signal);
      return entity.user ? { ...entity.user, id: entity.id } : entity;
    },
  });
  if (!user) return null;
  if (someoneElse && person.isPending) return <Skeleton height={240} radius="md" />;
  if (someoneElse && !person.data) {
    // 403 is "you may not", 404 "there is none": the page says which.
    const denied = isApiError(person.error) && person.error.httpStatus === 403;
    return <PageHeading title={t(denied ? 'profile.forbidden' : 'profile.missing')} />;
  }
  const shown: ProfileView = someoneElse ? person.data! : user;
  const routes = profileRoutes(user.group);
  const rows: [string, string][] = [
    [t('person.username'), shown.username],
    [t('person.email'), shown.email ?? '—'],
    [t('person.phone'), shown.phone ?? '—'],
  ];
  if (!someoneElse && user.school) rows.push([t('profile.school'), user.school.name]);
  if (shown.register_date) rows.push([t('person.registered'), format.dateTime(shown.register_date)]);
  return (
    <>
      <PageHeading
        title={someoneElse ? fullNameOf(shown) : t('profile.title')}
        description={someoneElse ? undefined : t('profile.description')}
        toolbar={[
          {
            key: 'edit',
            label: t('profile.edit'),
            icon: <IconEdit size={18} />,
            to: routes.edit,
            visible: !someoneElse,
          },
          {
            key: 'password',
            label: t('profile.password'),
            icon: <IconKey size={18} />,
            to: routes.password,
            variant: 'default',
            visible: !someoneElse && routes.password !== routes.edit,
          },
        ]}
      />
      <Paper withBorder radius="md" p="lg" data-testid="profile-card">
        <Group gap="md" mb="md" wrap="nowrap">
          <UserAvatar person={shown} size={64} />
          <div>
            <Text fw={650} fz="lg" data-testid="profile-full-name">
              {fullNameOf(shown)}
            </Text>
            {shown.group ? <Badge mt={4}>{t(`groups.${groupKey(shown.group)}`)}</Badge> : null}
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
      </Paper>
    </>
  );
}

/** Profile edit, the same for every group: the user's own data (PUT /api/user/profile). */
export function ProfileEditPage({ withPassword = false }: { withPassword?: boolean }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <>
      <PageHeading title={t('profile.edit')} description={fullNameOf(user)} />
      <Stack gap="lg">
        <ProfileEditForm user={user} />
        {withPassword ? <PasswordSection /> : null}
      </Stack>
    </>
  );
}

/** Password change of the signed-in user (POST /api/password/change.json); other sessions are ended. */
function PasswordSection({ titled = true }: { titled?: boolean }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(0);
  const change = useMutation({
    mutationFn: (body: { new_password: string; new_password_confirmation: string }) =>
      api.post('/api/password/change.json', body),
    onSuccess: () => {
      notifySuccess(t('auth.password.changed'));
      setErrors({});
      // A fresh form: the typed passwords do not stay on screen.
      setDone((n) => n + 1);
    },
    onError: (error) => setErrors(fieldErrorsOf(error, ['new_password', 'new_password_confirmation'])),
  });
  return (
    <Paper withBorder radius="md" p="lg">
      {/* Inside the profile form it needs its own title; on its own page the page heading says it. */}
      {titled ? (
        <>
          <Title order={2} fz="md" mb="xs">
            {t('profile.password')}
          </Title>
          <Text c="dimmed" size="sm" mb="sm">
            {t('profile.passwordHint')}
          </Text>
        </>
      ) : null}
      <NewPasswordForm
        key={done}
        busy={change.isPending}
        serverErrors={errors}
        onSubmit={(new_password, new_password_confirmation) =>
          change.mutate({ new_password, new_password_confirmation })
        }
      />
    </Paper>
  );
}

export function ProfilePasswordPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t('profile.password')} description={t('profile.passwordHint')} />
      <PasswordSection titled={false} />
    </>
  );
}

/** The teacher's /t/profile-edit holds both the profile and the password (000 §2 has no separate page). */
export function TeacherProfileEditPage() {
  return <ProfileEditPage withPassword />;
}
