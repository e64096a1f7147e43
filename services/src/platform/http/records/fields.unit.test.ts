import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors';
import { requestedFields, trimFields } from './fields';

const chat = {
  id: 'c1',
  name: 'Класс 7А',
  secret: 'x',
  last_message: { message: 'Привет', created_at: '2026-01-01', user: { name: 'Асель', email: 'a@b.kz' } },
  participants: [
    { id: 'u1', name: 'Асель', phone: '1' },
    { id: 'u2', name: 'Ержан', phone: '2' },
  ],
};

describe('X-Requested-Fields', () => {
  it('keeps only the named fields, following dotted paths and arrays', () => {
    const fields = requestedFields('id, name, last_message.user.name, participants.id');
    expect(trimFields(chat, fields)).toEqual({
      id: 'c1',
      name: 'Класс 7А',
      last_message: { user: { name: 'Асель' } },
      participants: [{ id: 'u1' }, { id: 'u2' }],
    });
  });

  it('a whole field wins over a path into it, whatever the order', () => {
    const fields = requestedFields('last_message.user.name,last_message');
    expect(trimFields(chat, fields)).toEqual({ last_message: chat.last_message });
  });

  it('skips unknown fields and leaves the entity whole without the header', () => {
    expect(trimFields(chat, requestedFields('id,nope.deeper'))).toEqual({ id: 'c1' });
    expect(trimFields(chat, requestedFields(undefined))).toBe(chat);
    expect(trimFields(chat, requestedFields(' , '))).toBe(chat);
  });

  it('refuses malformed names with a 422 naming the header', () => {
    for (const header of ['id;drop', 'a..b', '.a', 'x'.repeat(300), Array(101).fill('a').join(',')]) {
      expect(() => requestedFields(header)).toThrow(ValidationError);
    }
  });
});
