import { describe, expect, it } from 'vitest';
import { componentsBody, gapsIn, newComponent, QUESTION_TYPES } from './model';

describe('the quiz editor model', () => {
  it('finds the gaps of a fill-space text once each, in order', () => {
    expect(gapsIn('Вода кипит при {{boil}} °C и замерзает при {{ freeze }} °C, {{boil}}.')).toEqual([
      'boil',
      'freeze',
    ]);
  });
  it('starts every question type with one-point settings and the data its type needs', () => {
    for (const type of QUESTION_TYPES) {
      const c = newComponent(type);
      expect(c.component_type).toBe(type);
      expect(c.settings).toEqual({ points: 1, penalty_points: 0 });
      expect(c.data).toHaveProperty('question', '');
    }
    const choice = newComponent('choice').data as { options: { id: string }[] };
    expect(new Set(choice.options.map((o) => o.id)).size).toBe(2);
  });
  it('sends saved components by id and new ones by their temporary id, in list order', () => {
    const fresh = newComponent('free');
    const body = componentsBody([
      { id: 'c1', component_type: 'text', data: { content: 'x' }, settings: {} },
      fresh,
    ]);
    expect(body[0]).toMatchObject({ id: 'c1', position: 0 });
    expect(body[1]).toMatchObject({ temporary_id: fresh.temporary_id, position: 1 });
    expect(body[1]).not.toHaveProperty('id');
  });
});
