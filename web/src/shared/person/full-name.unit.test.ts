import { describe, expect, it } from 'vitest';
import { initialsOf } from '../ui/initials';
import { fullNameOf } from './full-name';

describe('fullNameOf', () => {
  it('joins last name, first name and patronymic with spaces, skipping empty parts', () => {
    expect(fullNameOf({ lastname: 'Касымова', firstname: 'Айгерим', patronymic: 'Муратовна' })).toBe(
      'Касымова Айгерим Муратовна',
    );
    expect(fullNameOf({ lastname: 'Ким', firstname: ' Ольга ', patronymic: null })).toBe('Ким Ольга');
  });
});

describe('initialsOf', () => {
  it("uses the first letters, 'N' for a missing name and 'NN' for nobody", () => {
    expect(initialsOf({ firstname: 'айгерим', lastname: 'Касымова' })).toBe('АК');
    expect(initialsOf({ firstname: '', lastname: 'Ким' })).toBe('NК');
    expect(initialsOf(null)).toBe('NN');
  });
});
