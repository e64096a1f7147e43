import { describe, expect, it } from 'vitest';
import { ownProfileBody, ownProfileOf } from './profile-model';

describe('own profile form', () => {
  const user = {
    lastname: 'Сейтова',
    firstname: 'Аружан',
    patronymic: null,
    email: 'a@school.kz',
    phone: null,
    photo: null,
  };
  it('reads the user into the form with empty strings for missing text', () => {
    expect(ownProfileOf(user)).toEqual({
      lastname: 'Сейтова',
      firstname: 'Аружан',
      patronymic: '',
      email: 'a@school.kz',
      phone: '',
      photo: null,
    });
  });

  it('sends trimmed values, cleared optional fields as null, so an untouched form equals the user', () => {
    const initial = ownProfileOf(user);
    expect(ownProfileBody({ ...initial, patronymic: '  ' })).toEqual(ownProfileBody(initial));
    expect(
      ownProfileBody({ ...initial, firstname: ' Айгерим ', email: '', photo: '/api/media/1/file' }),
    ).toEqual({
      lastname: 'Сейтова',
      firstname: 'Айгерим',
      patronymic: null,
      email: null,
      phone: null,
      photo: '/api/media/1/file',
    });
  });
});
