import { describe, expect, it } from 'vitest';
import { generatedUsername, transliterate, usernameFor } from './username';

describe('the username of a new user', () => {
  it('is the e-mail, else the phone, else a readable name with digits', () => {
    const person = { firstname: 'Айгерим', lastname: 'Касымова' };
    expect(usernameFor({ ...person, email: 'a@school.kz', phone: '77015550101' }).username).toBe(
      'a@school.kz',
    );
    expect(usernameFor({ ...person, email: null, phone: '77015550101' }).username).toBe('77015550101');
    const generated = usernameFor({ ...person, email: null, phone: null });
    expect(generated.generated).toBe(true);
    expect(generated.username).toMatch(/^kasymova\.a\.\d{4}$/);
  });

  it('writes Kazakh and Russian letters in Latin and keeps a name for other scripts', () => {
    expect(transliterate('Өмірзақ Ғабит-Щукин')).toBe('omirzakgabitschukin');
    expect(generatedUsername('王', '李')).toMatch(/^user\.\d{4}$/);
  });
});
