import { Paper, PasswordInput, SimpleGrid, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordForm } from '../../../shared/ui/record-form';
import { SETTINGS_OF, type PeopleCollection, type PersonForm } from '../model';

/** The create and edit form of a person; the account fields only when creating. */
export function PersonFormFields({
  collection,
  initial,
  creating,
  busy,
  errors,
  onSubmit,
  onCancel,
}: {
  collection: PeopleCollection;
  initial: PersonForm;
  creating: boolean;
  busy: boolean;
  errors: Record<string, string>;
  onSubmit: (form: PersonForm) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState(initial);
  const set = (key: keyof PersonForm, value: string | boolean) => setForm((f) => ({ ...f, [key]: value }));
  const text = (key: 'lastname' | 'firstname' | 'patronymic' | 'email' | 'phone' | 'username') => ({
    value: form[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.value),
    error: errors[key],
    name: key,
  });
  const ready =
    form.lastname.trim() && form.firstname.trim() && (!creating || (form.username.trim() && form.password));
  return (
    <RecordForm
      card={false}
      onSubmit={() => onSubmit(form)}
      busy={busy}
      canSubmit={Boolean(ready)}
      submitLabel={creating ? t('common.create') : t('common.save')}
      onCancel={onCancel}
      errors={errors}
      submitTestId="person-save"
    >
      {creating ? (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="md" mb="sm">
            {t('people.form.account')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('person.username')}
              description={t('people.form.usernameHint')}
              required
              autoComplete="off"
              {...text('username')}
            />
            <PasswordInput
              label={t('auth.login.password')}
              description={t('people.form.passwordHint')}
              required
              autoComplete="new-password"
              name="password"
              value={form.password}
              onChange={(e) => set('password', e.currentTarget.value)}
              error={errors.password}
            />
          </SimpleGrid>
        </Paper>
      ) : null}
      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="md" mb="sm">
          {t('people.form.profile')}
        </Title>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('person.lastname')} required {...text('lastname')} />
            <TextInput label={t('person.firstname')} required {...text('firstname')} />
            <TextInput label={t('person.patronymic')} {...text('patronymic')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('person.email')} type="email" {...text('email')} />
            <TextInput
              label={t('person.phone')}
              type="tel"
              placeholder="+7 700 000 00 00"
              {...text('phone')}
            />
          </SimpleGrid>
          <Textarea
            label={t('person.description')}
            autosize
            minRows={2}
            name="description"
            value={form.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            error={errors.description}
          />
        </Stack>
      </Paper>
      {SETTINGS_OF[collection].length > 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} fz="md" mb="sm">
            {t('people.form.settings')}
          </Title>
          <Stack gap="sm">
            {SETTINGS_OF[collection].map((key) => (
              <Switch
                key={key}
                label={t(`people.settings.${key}`)}
                checked={Boolean(form[key])}
                onChange={(e) => set(key, e.currentTarget.checked)}
              />
            ))}
          </Stack>
        </Paper>
      ) : null}
    </RecordForm>
  );
}
