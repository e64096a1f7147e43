import { describe, expect, it } from 'vitest';
import { nameProvesUser, verificationTypeOf } from './accounts';

const user = {
  id: 'u1',
  username: 'pupil',
  firstname: 'Айгерим',
  lastname: 'Касымова',
  email: null,
  phone: null,
};

describe('recovery choice', () => {
  it('prefers the phone, then the e-mail, then the name; an unknown user looks like one without contacts', () => {
    expect(verificationTypeOf({ ...user, phone: '+7 701 123 4567', email: 'a@b.kz' })).toBe('phone');
    expect(verificationTypeOf({ ...user, email: 'a@b.kz' })).toBe('email');
    expect(verificationTypeOf(user)).toBe('fullname');
    expect(verificationTypeOf(undefined)).toBe('fullname');
  });

  it('accepts the name regardless of case and spaces, and only from a user without phone and e-mail', () => {
    expect(nameProvesUser(user, ' айгерим ', 'КАСЫМОВА')).toBe(true);
    expect(nameProvesUser(user, 'Айгерим', 'Петрова')).toBe(false);
    expect(nameProvesUser({ ...user, email: 'a@b.kz' }, 'Айгерим', 'Касымова')).toBe(false);
    expect(nameProvesUser(undefined, 'Айгерим', 'Касымова')).toBe(false);
  });
});
