import type { UserProfileChanges } from '@sabaq/events';
import { z } from 'zod';
import { phoneDigits } from '../verification/phone';

/** What a user may change about themselves; everything else of theirs is an administrator's to change. */
export const OWN_PROFILE_FIELDS = ['firstname', 'lastname', 'patronymic', 'email', 'phone', 'photo'] as const;

export const PROFILE_TEXTS = {
  notEditable: 'Это поле нельзя изменить в своём профиле',
  firstname: 'Введите имя',
  lastname: 'Введите фамилию',
  tooLong: 'Не больше 255 символов',
  email: 'Неверный адрес электронной почты',
  emailTaken: 'Пользователь с таким e-mail уже существует',
  phone: 'Неверный номер телефона',
  phoneTaken: 'Пользователь с таким телефоном уже существует',
  photo: 'Выберите изображение из медиатеки',
  invalid: 'Проверьте введенные данные',
} as const;

export type FieldErrors = Record<string, string[]>;

const text = (value: unknown): string | null | undefined =>
  value === undefined
    ? undefined
    : value === null
      ? null
      : typeof value === 'string'
        ? value.trim()
        : undefined;

/**
 * Reads the body field by field so that every problem is reported under its own field at once (the
 * form shows them under its inputs): unknown or forbidden fields (group, school, username, national id,
 * password…) are refused by name rather than ignored, so a client never believes it changed them.
 * Empty optional fields mean "none" (null). The phone is kept as `+<digits>`, the e-mail in lower case.
 */
export function readProfileBody(body: unknown): { changes: UserProfileChanges; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const changes: UserProfileChanges = {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    fail('_', PROFILE_TEXTS.invalid);
    return { changes, errors };
  }
  const given = body as Record<string, unknown>;
  for (const key of Object.keys(given))
    if (!(OWN_PROFILE_FIELDS as readonly string[]).includes(key)) fail(key, PROFILE_TEXTS.notEditable);

  for (const field of ['firstname', 'lastname'] as const) {
    if (!(field in given)) continue;
    const value = text(given[field]);
    if (!value) fail(field, PROFILE_TEXTS[field]);
    else if (value.length > 255) fail(field, PROFILE_TEXTS.tooLong);
    else changes[field] = value;
  }
  if ('patronymic' in given) {
    const value = text(given.patronymic);
    if (value === undefined) fail('patronymic', PROFILE_TEXTS.invalid);
    else if (value && value.length > 255) fail('patronymic', PROFILE_TEXTS.tooLong);
    else changes.patronymic = value || null;
  }
  if ('email' in given) {
    const raw = text(given.email);
    const value = typeof raw === 'string' ? raw.toLowerCase() : raw;
    if (value === undefined) fail('email', PROFILE_TEXTS.email);
    else if (value && !z.email().max(255).safeParse(value).success) fail('email', PROFILE_TEXTS.email);
    else changes.email = value || null;
  }
  if ('phone' in given) {
    const value = text(given.phone);
    const digits = value ? phoneDigits(value) : null;
    if (value === undefined || (value && !digits)) fail('phone', PROFILE_TEXTS.phone);
    else changes.phone = digits ? `+${digits}` : null;
  }
  if ('photo' in given) {
    const value = text(given.photo);
    // Only this site's own paths or https addresses: a `javascript:` or `data:` URL never becomes an avatar.
    if (
      value === undefined ||
      (value && !/^(\/(?!\/)|https:\/\/)/.test(value)) ||
      (value?.length ?? 0) > 1000
    )
      fail('photo', PROFILE_TEXTS.photo);
    else changes.photo = value || null;
  }
  return { changes, errors };
}
