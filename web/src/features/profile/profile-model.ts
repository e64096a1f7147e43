import type { User } from '../../shared/session';

/** What PUT /api/user/profile accepts (services' identity/profile/profile-body.ts). */
export const OWN_PROFILE_FIELDS = ['lastname', 'firstname', 'patronymic', 'email', 'phone', 'photo'] as const;

export interface OwnProfile {
  lastname: string;
  firstname: string;
  patronymic: string;
  email: string;
  phone: string;
  photo: string | null;
}

export function ownProfileOf(user: Pick<User, (typeof OWN_PROFILE_FIELDS)[number]>): OwnProfile {
  return {
    lastname: user.lastname ?? '',
    firstname: user.firstname ?? '',
    patronymic: user.patronymic ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    photo: user.photo ?? null,
  };
}

/** The body as the server keeps it: trimmed, blank optional fields as null (names stay, even blank). */
export function ownProfileBody(form: OwnProfile): Record<string, string | null> {
  const blankIsNull = (value: string) => value.trim() || null;
  return {
    lastname: form.lastname.trim(),
    firstname: form.firstname.trim(),
    patronymic: blankIsNull(form.patronymic),
    email: blankIsNull(form.email),
    phone: blankIsNull(form.phone),
    photo: form.photo,
  };
}
