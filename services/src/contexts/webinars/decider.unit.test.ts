import type { WebinarCreatedData } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { decideWebinar, evolveWebinar, initialWebinarState, type WebinarEvent } from './decider';

const AT = '2026-09-01T08:00:00.000Z';
const webinar: WebinarCreatedData = {
  id: 'w1',
  owner_id: 't1',
  school_id: 's1',
  assignment_id: null,
  class_id: 'c1',
  name: 'Разбор',
  description: null,
  webinar_server_id: null,
  chat_id: null,
  type: 'mesh',
  participants: [],
  created_at: AT,
};
const given = (...events: WebinarEvent[]) => events.reduce(evolveWebinar, initialWebinarState);
const created: WebinarEvent = { type: 'WebinarCreated', data: webinar };

describe('the webinar decider', () => {
  it('creates once: asking again for the same webinar decides nothing', () => {
    expect(decideWebinar({ type: 'Create', webinar }, given())).toEqual([created]);
    expect(decideWebinar({ type: 'Create', webinar }, given(created))).toEqual([]);
  });

  it('records only the fields that change', () => {
    const changes = { name: 'Разбор', description: 'Дроби' };
    expect(decideWebinar({ type: 'Update', id: 'w1', changes, at: AT }, given(created))).toEqual([
      { type: 'WebinarUpdated', data: { id: 'w1', changes: { description: 'Дроби' }, at: AT } },
    ]);
    expect(
      decideWebinar({ type: 'Update', id: 'w1', changes: { name: 'Разбор' }, at: AT }, given(created)),
    ).toEqual([]);
  });

  it('ends once, and refuses a webinar that does not exist or was deleted', () => {
    const end = { type: 'End' as const, id: 'w1', by: 't1', at: AT };
    const [ended] = decideWebinar(end, given(created));
    expect(ended).toEqual({ type: 'WebinarEnded', data: { id: 'w1', by: 't1', at: AT } });
    expect(decideWebinar(end, given(created, ended!))).toEqual([]);
    expect(() => decideWebinar(end, given())).toThrow('Вебинар не найден');
    const deleted: WebinarEvent = { type: 'WebinarDeleted', data: { id: 'w1', at: AT } };
    expect(() => decideWebinar(end, given(created, deleted))).toThrow('Вебинар не найден');
    expect(decideWebinar({ type: 'Delete', id: 'w1', at: AT }, given(created, deleted))).toEqual([]);
  });
});
