import { changesOf, personProfileSchema, type UserGroup } from '@sabaq/events';
import { z } from 'zod';
import type { CollectionDefinition, Row } from '../../platform/http/records/collection';
import { peopleCommands } from './commands';
import { PEOPLE_PROJECTION } from './directory/projection';
import { PEOPLE_TABLE } from './directory/table';

const username = z
  .string()
  .trim()
  .min(3)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, 'Латинские буквы, цифры, точка, дефис или подчёркивание');
// Identity's own rule for a new password (password-routes.ts): at least 6 characters.
const password = z.string().min(6, 'Минимальная длина пароля 6 символов').max(1024);

const profileFields = [
  'firstname',
  'lastname',
  'patronymic',
  'email',
  'phone',
  'color',
  'description',
] as const;
const studentSettings = ['notify_via_sms', 'notify_via_email', 'request_photo_challenge'] as const;
const teacherSettings = ['notify_via_sms', 'notify_via_email'] as const;

type ProfileField = keyof typeof personProfileSchema.shape;

function only(fields: readonly ProfileField[]) {
  return personProfileSchema.pick(
    Object.fromEntries(fields.map((f) => [f, true])) as { [K in ProfileField]?: true },
  );
}

/** POST: a username and password for identity, the names, and the other fields optional. */
function createSchema(fields: readonly ProfileField[]) {
  const { firstname, lastname } = personProfileSchema.shape;
  return only(fields).partial().extend({ username, password, firstname, lastname }).strict();
}

function userEntity(row: Row) {
  return {
    id: row.id,
    school_id: row.school_id,
    group: row.group,
    username: row.username,
    firstname: row.firstname,
    lastname: row.lastname,
    patronymic: row.patronymic,
    full_name: [row.lastname, row.firstname, row.patronymic].filter(Boolean).join(' '),
    email: row.email,
    phone: row.phone,
    color: row.color,
    photo: row.photo,
    description: row.description,
    register_date: row.register_date,
  };
}

/** The student's own fields beside the user (the specification's Student; its id is the user's). */
function studentEntity(row: Row) {
  return {
    id: row.id,
    user_id: row.id,
    credibility: row.credibility,
    points: row.points,
    notify_via_sms: row.notify_via_sms,
    notify_via_email: row.notify_via_email,
    request_photo_challenge: row.request_photo_challenge,
    user: userEntity(row),
  };
}

function teacherEntity(row: Row) {
  return {
    id: row.id,
    user_id: row.id,
    notify_via_sms: row.notify_via_sms,
    notify_via_email: row.notify_via_email,
    user: userEntity(row),
  };
}

const SEARCHED = ['firstname', 'lastname', 'patronymic', 'username', 'email', 'phone'] as const;

function peopleCollection(options: {
  name: string;
  group?: UserGroup;
  fields: readonly ProfileField[];
  filters?: CollectionDefinition['filters'];
  toEntity: (row: Row) => Record<string, unknown>;
}): CollectionDefinition {
  return {
    name: options.name,
    category: 'person',
    table: PEOPLE_TABLE,
    projection: PEOPLE_PROJECTION,
    columns: {},
    toEntity: options.toEntity,
    create: createSchema(options.fields),
    update: changesOf(only(options.fields)),
    events: { created: 'UserRegistered', updated: 'PersonProfileUpdated', deleted: 'PersonDeactivated' },
    filters: { id: 'string', username: 'string', email: 'string', phone: 'string', ...options.filters },
    sortable: ['id', 'lastname', 'firstname', 'username', 'register_date'],
    defaultOrder: { field: 'lastname', direction: 'asc' },
    paging: { defaultLimit: 25, maxLimit: 100 },
    schoolScoped: true,
    search: SEARCHED,
    ...(options.group ? { where: { group: options.group } } : {}),
    // A person in the users list was registered in some group; new people come in through their group.
    handle: peopleCommands(options.group ?? 'student'),
  };
}

/** Everybody of the school, any group: the admin's and manager's view. People are created by group. */
export const users = peopleCollection({
  name: 'users',
  fields: profileFields,
  filters: { group: 'string' },
  toEntity: userEntity,
});

export const students = peopleCollection({
  name: 'students',
  group: 'student',
  fields: [...profileFields, ...studentSettings],
  filters: { notify_via_sms: 'boolean', notify_via_email: 'boolean', request_photo_challenge: 'boolean' },
  toEntity: studentEntity,
});

export const teachers = peopleCollection({
  name: 'teachers',
  group: 'teacher',
  fields: [...profileFields, ...teacherSettings],
  filters: { notify_via_sms: 'boolean', notify_via_email: 'boolean' },
  toEntity: teacherEntity,
});

export const proctors = peopleCollection({
  name: 'proctors',
  group: 'proctor',
  fields: profileFields,
  toEntity: userEntity,
});

export const peopleCollections = [users, students, teachers, proctors];
export { studentEntity, teacherEntity };
