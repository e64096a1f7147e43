import { describe, expect, it } from 'vitest';
import {
  createBody,
  emptyForm,
  formOf,
  idFromIdName,
  idNameOf,
  toPerson,
  updateBody,
  type Person,
} from './model';

const student = {
  id: '0b7c1e4e-5d7a-4a43-9f59-1c7f7f0a2b11',
  user_id: '0b7c1e4e-5d7a-4a43-9f59-1c7f7f0a2b11',
  points: 3,
  notify_via_sms: false,
  notify_via_email: true,
  request_photo_challenge: false,
  user: {
    id: '0b7c1e4e-5d7a-4a43-9f59-1c7f7f0a2b11',
    username: 'student',
    firstname: 'Айгерим',
    lastname: 'Касымова',
    patronymic: 'Муратовна',
    email: 'student@demo.sabaq.kz',
    phone: null,
  },
};

describe('people model', () => {
  it('flattens a student record and keeps its settings', () => {
    const person = toPerson(student);
    expect(person).toMatchObject({ id: student.id, username: 'student', points: 3, notify_via_email: true });
  });

  it('round-trips the id through the {id-name} segment', () => {
    const idName = idNameOf({ id: student.id, lastname: 'Касымова', firstname: 'Айгерим' });
    expect(idName).toBe(`${student.id}-касымова-айгерим`);
    expect(idFromIdName(idName)).toBe(student.id);
    expect(idFromIdName('42-ivanov')).toBe('42');
    expect(idFromIdName('42')).toBe('42');
  });

  it('creates with username, password, the names and only the filled optional fields', () => {
    const form = {
      ...emptyForm('students'),
      username: ' ivanov ',
      password: 'secret1',
      lastname: 'Иванов',
      firstname: 'Иван',
      phone: '',
    };
    expect(createBody('students', form)).toEqual({
      username: 'ivanov',
      password: 'secret1',
      lastname: 'Иванов',
      firstname: 'Иван',
      notify_via_sms: false,
      notify_via_email: false,
      request_photo_challenge: false,
    });
    expect(
      createBody('proctors', {
        ...emptyForm('proctors'),
        username: 'p',
        password: 'x',
        lastname: 'A',
        firstname: 'B',
      }),
    ).not.toHaveProperty('notify_via_sms');
  });

  it('updates only what changed, emptied optional fields as null', () => {
    const person = toPerson(student) as Person;
    const form = { ...formOf('students', person), lastname: 'Касымова-Ли', email: '', notify_via_sms: true };
    expect(updateBody('students', person, form)).toEqual({
      lastname: 'Касымова-Ли',
      email: null,
      notify_via_sms: true,
    });
    expect(updateBody('students', person, formOf('students', person))).toEqual({});
  });
});
