/** The three people collections a school's managers administer (000 §2 /m/students, /m/teachers, /m/proctors). */
export const PEOPLE_COLLECTIONS = ['students', 'teachers', 'proctors'] as const;
export type PeopleCollection = (typeof PEOPLE_COLLECTIONS)[number];

/** The user part of a person (services: people/collections.ts userEntity). */
export interface PersonUser {
  id: string;
  school_id?: string | null;
  group?: string;
  username: string;
  firstname: string;
  lastname: string;
  patronymic: string | null;
  full_name?: string;
  email: string | null;
  phone: string | null;
  color?: string | null;
  photo?: string | null;
  description?: string | null;
  register_date?: string | null;
}

/** A student or teacher record carries its user nested; a proctor record is the user itself. */
export type PersonEntity =
  | PersonUser
  | (Settings & {
      id: string;
      user_id?: string;
      user: PersonUser;
      points?: number | null;
      credibility?: number | null;
    });

export interface Settings {
  notify_via_sms?: boolean;
  notify_via_email?: boolean;
  request_photo_challenge?: boolean;
}

/** One shape for screens, whatever the collection. */
export interface Person extends PersonUser, Settings {
  points?: number | null;
  credibility?: number | null;
}

export function toPerson(entity: PersonEntity): Person {
  if ('user' in entity && entity.user) {
    const { user, ...own } = entity;
    return { ...user, ...own, id: entity.id };
  }
  return entity as Person;
}

/** Which settings each collection's records have (services: people/collections.ts). */
export const SETTINGS_OF: Record<PeopleCollection, (keyof Settings)[]> = {
  students: ['notify_via_sms', 'notify_via_email', 'request_photo_challenge'],
  teachers: ['notify_via_sms', 'notify_via_email'],
  proctors: [],
};

/** The profile fields a manager edits; the nullable ones are sent as null when emptied. */
export const PROFILE_FIELDS = [
  'lastname',
  'firstname',
  'patronymic',
  'email',
  'phone',
  'description',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
const REQUIRED: readonly ProfileField[] = ['lastname', 'firstname'];

export type PersonForm = Record<ProfileField, string> & Settings & { username: string; password: string };

export function emptyForm(collection: PeopleCollection): PersonForm {
  const settings = Object.fromEntries(SETTINGS_OF[collection].map((key) => [key, false]));
  return {
    username: '',
    password: '',
    lastname: '',
    firstname: '',
    patronymic: '',
    email: '',
    phone: '',
    description: '',
    ...settings,
  };
}

export function formOf(collection: PeopleCollection, person: Person): PersonForm {
  const form = emptyForm(collection);
  for (const field of PROFILE_FIELDS) form[field] = person[field] ?? '';
  for (const key of SETTINGS_OF[collection]) form[key] = Boolean(person[key]);
  form.username = person.username;
  return form;
}

/** POST body: username and password, the names, and only the optional fields that were filled in. */
export function createBody(collection: PeopleCollection, form: PersonForm): Record<string, unknown> {
  const body: Record<string, unknown> = { username: form.username.trim(), password: form.password };
  for (const field of PROFILE_FIELDS) {
    const value = form[field].trim();
    if (value || REQUIRED.includes(field)) body[field] = value;
  }
  for (const key of SETTINGS_OF[collection]) body[key] = Boolean(form[key]);
  return body;
}

/** PUT body: only the changed fields (000 §7); an emptied optional field becomes null. */
export function updateBody(
  collection: PeopleCollection,
  person: Person,
  form: PersonForm,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of PROFILE_FIELDS) {
    const value = form[field].trim();
    const next = value === '' && !REQUIRED.includes(field) ? null : value;
    if ((person[field] ?? null) !== next) body[field] = next;
  }
  for (const key of SETTINGS_OF[collection])
    if (Boolean(person[key]) !== Boolean(form[key])) body[key] = Boolean(form[key]);
  return body;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * The edit route's {id-name} (000 §2): the id, a dash, and the name for people reading the address.
 * Ids are UUIDs (which hold dashes themselves) or plain ids without dashes.
 */
export function idNameOf(person: {
  id: string;
  lastname?: string | null;
  firstname?: string | null;
}): string {
  const name = [person.lastname, person.firstname]
    .filter(Boolean)
    .join('-')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return name ? `${person.id}-${name}` : person.id;
}

export function idFromIdName(idName: string): string {
  const uuid = UUID.exec(idName);
  if (uuid) return uuid[0];
  const dash = idName.indexOf('-');
  return dash === -1 ? idName : idName.slice(0, dash);
}
