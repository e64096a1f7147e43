import { Input, SimpleGrid, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { profilePathOf } from '../../../shared/guards/groups';
import { api, changedFields } from '../../../shared/api';
import { LanguageSwitcher } from '../../../shared/i18n';
import { RecordForm } from '../../../shared/ui/record-form';
import { fieldErrorsOf } from '../../../shared/access/errors';
import { notifySuccess } from '../../../shared/toasts/notify';
import { MediaField } from '../../media-library';
import { USER_QUERY_KEY, type User } from '../../../shared/session';
import { OWN_PROFILE_FIELDS, ownProfileBody, ownProfileOf, type OwnProfile } from '../profile-model';

interface SavedProfile {
  entity: User;
  verification: { email: boolean; phone: boolean };
}

/**
 * The signed-in user's own profile (PUT /api/user/profile, any group): names, e-mail, phone and the
 * avatar from their media library; only changed fields are sent. A new e-mail or phone is sent a code
 * by the platform, and the user is told where. The interface language is this browser's (the locale
 * cookie of spec 001 §9), so it changes at once and is not part of the save.
 */
export function ProfileEditForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const initial = ownProfileOf(user);
  const [form, setForm] = useState<OwnProfile>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const home = profilePathOf(user.group) ?? '/';
  const save = useMutation({
    mutationFn: (body: object) => api.put<SavedProfile>('/api/user/profile', body),
    onSuccess: async (saved) => {
      notifySuccess(t('profile.saved'));
      if (saved.verification.email) notifySuccess(t('profile.codeSentEmail', { email: saved.entity.email }));
      if (saved.verification.phone) notifySuccess(t('profile.codeSentPhone', { phone: saved.entity.phone }));
      // Away from the form first: the user read again re-renders the page around it.
      void navigate(home);
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
    onError: (error) => setErrors(fieldErrorsOf(error, [...OWN_PROFILE_FIELDS, 'group', 'school_id'])),
  });
  const set = (patch: Partial<OwnProfile>) => {
    setForm((current) => ({ ...current, ...patch }));
    // The server's word on a field no longer holds once the field is edited.
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))),
    );
  };
  const text = (field: Exclude<keyof OwnProfile, 'photo'>) => ({
    name: field,
    value: form[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set({ [field]: e.currentTarget.value }),
    error: errors[field],
  });
  return (
    <RecordForm
      onSubmit={() => {
        const body = changedFields(ownProfileBody(initial), ownProfileBody(form));
        if (Object.keys(body).length === 0) void navigate(home);
        else save.mutate(body);
      }}
      busy={save.isPending}
      canSubmit={form.lastname.trim() !== '' && form.firstname.trim() !== ''}
      submitLabel={t('common.save')}
      onCancel={() => void navigate(home)}
      errors={errors}
      shownFields={OWN_PROFILE_FIELDS}
      submitTestId="profile-save"
      label={t('profile.edit')}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label={t('person.lastname')} required {...text('lastname')} />
        <TextInput label={t('person.firstname')} required {...text('firstname')} />
        <TextInput label={t('person.patronymic')} {...text('patronymic')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('person.email')}
          type="email"
          description={t('profile.contactHint')}
          {...text('email')}
        />
        <TextInput
          label={t('person.phone')}
          type="tel"
          placeholder="+7 700 000 00 00"
          description={t('profile.contactHint')}
          {...text('phone')}
        />
      </SimpleGrid>
      <MediaField
        label={t('profile.avatar')}
        kinds={['image']}
        value={form.photo}
        onChange={(media) => set({ photo: media?.src ?? null })}
        error={errors.photo}
        testId="profile-avatar"
      />
      <Input.Wrapper label={t('language.label')} description={t('profile.languageHint')}>
        <div style={{ marginTop: 4 }}>
          <LanguageSwitcher size="sm" />
        </div>
      </Input.Wrapper>
    </RecordForm>
  );
}
