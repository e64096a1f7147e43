import { describe, expect, it } from 'vitest';
import { seedAnalyticsDemo } from '../../../services/src/contexts/analytics/queries/demo-seed';
import { DEMO_SCHOOL_ID, demoUserId } from '../../../services/src/contexts/identity/seed';
import { GROUPS, type Group } from '../../../services/src/platform/http/caller';
import { accessTable } from '../../support/access-tables';
import { tokenFor } from '../records/records-app';
import { analyst, outsideAnalyst, useExamWorld } from './exams';

/**
 * Saved console queries (/api/analytics-queries): who sees and edits which, their events, the demo's,
 * and every group and action tried against the access table's rows.
 */
const { world, call, ok, query } = useExamWorld();

describe('saved queries', () => {
  const saved = {
    name: 'Нарушения по типам',
    sql: 'SELECT action_type, count() AS n FROM proctoring_actions GROUP BY action_type',
    chart: { type: 'bar', x: 'action_type', y: 'n' },
  };

  it('are saved by an analyst, seen by the school’s analysts, edited by their author only', async () => {
    const created = await call('POST', '/api/analytics-queries', analyst, saved);
    expect(created.status).toBe(201);
    const entity = (created.body as { entity: Record<string, unknown> }).entity;
    expect(entity).toMatchObject({
      ...saved,
      created_by: 'analyst-school-a-1',
      school_id: 'school-a',
    });
    expect(typeof entity.created_at).toBe('string');
    const id = entity.id as string;

    const colleague = tokenFor('analyst', 'school-a', 2);
    const listed = (await call('GET', '/api/analytics-queries', colleague)).body.entities as { id: string }[];
    expect(listed.map((q) => q.id)).toContain(id);
    await ok('POST', '/api/analytics-queries', colleague, { ...saved, name: 'Запрос коллеги' });
    const mine = (await call('GET', '/api/analytics-queries?filter[owner_id]=analyst-school-a-1', analyst))
      .body.entities as { id: string; created_by: string }[];
    expect(mine.map((q) => q.id)).toEqual([id]);
    expect((await call('PUT', `/api/analytics-queries/${id}`, colleague, { name: 'Моё' })).status).toBe(404);
    expect((await call('DELETE', `/api/analytics-queries/${id}`, colleague)).status).toBe(404);

    const edited = await call('PUT', `/api/analytics-queries/${id}`, analyst, { chart: { type: 'pie' } });
    expect(edited.status).toBe(200);
    expect((edited.body as { entity: Record<string, unknown> }).entity).toMatchObject({
      name: saved.name,
      chart: { type: 'pie' },
    });

    expect((await call('GET', '/api/analytics-queries', outsideAnalyst)).body.entities).toEqual([]);
    expect((await call('GET', `/api/analytics-queries/${id}`, outsideAnalyst)).status).toBe(404);
    expect((await call('GET', '/api/analytics-queries', tokenFor('student', 'school-a'))).status).toBe(403);
    expect((await call('GET', '/api/analytics-queries', tokenFor('teacher', 'school-a'))).status).toBe(403);

    // The saved text runs in the console as it is.
    const run = await query(colleague, saved.sql);
    expect(run.status).toBe(200);
    expect(run.entity.rows.length).toBeGreaterThan(0);

    expect((await call('DELETE', `/api/analytics-queries/${id}`, analyst)).status).toBe(204);
    expect((await call('GET', `/api/analytics-queries/${id}`, analyst)).status).toBe(404);

    // Every write was an event on the query's own stream (read back from the copy of the log in ClickHouse).
    await world.env.caughtUp();
    const events = await world.env.analytics.query<{ type: string; school_id: string }>(
      'SELECT type, school_id FROM events FINAL WHERE stream_id = {stream:String} ORDER BY global_position',
      { stream: `analytics_query-${id}` },
    );
    expect(events).toEqual(
      ['AnalyticsQueryCreated', 'AnalyticsQueryUpdated', 'AnalyticsQueryDeleted'].map((type) => ({
        type,
        school_id: 'school-a',
      })),
    );
  });

  it('refuses an unknown chart type or an empty name', async () => {
    const bad = await call('POST', '/api/analytics-queries', analyst, { ...saved, chart: { type: 'radar' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors as object)).toContain('chart.type');
    expect((await call('POST', '/api/analytics-queries', analyst, { ...saved, name: ' ' })).status).toBe(422);
  });
});

describe('the demo', () => {
  it('gives the demo school two saved queries of its analyst, once however often it starts', async () => {
    const demo = { ...world.env.services, demo: true };
    await seedAnalyticsDemo(demo);
    await seedAnalyticsDemo(demo);
    await world.env.caughtUp();
    const token = tokenFor('analyst', DEMO_SCHOOL_ID);
    const listed = (await ok('GET', '/api/analytics-queries', token)).entities as {
      name: string;
      sql: string;
      created_by: string;
    }[];
    expect(listed.map((q) => q.name)).toEqual(['Время выполнения попыток, минуты', 'Нарушения по типам']);
    expect(new Set(listed.map((q) => q.created_by))).toEqual(new Set([demoUserId('analyst')]));
    for (const saved of listed) expect((await query(token, saved.sql)).status, saved.name).toBe(200);
  });
});

describe('saved queries, every group and action by the access table', () => {
  const perspectives = ['owner', 'colleague', 'other-school'] as const;
  const tokenOf = (group: Group, perspective: (typeof perspectives)[number]) =>
    perspective === 'owner'
      ? tokenFor(group, 'school-a')
      : perspective === 'colleague'
        ? tokenFor(group, 'school-a', 2)
        : tokenFor(group, 'school-b');
  const table = accessTable['analytics-queries']!;
  const sample = { name: 'Проверка доступа', sql: 'SELECT 1' };

  it.each([...GROUPS])('as %s', async (group) => {
    const create = await call('POST', '/api/analytics-queries', tokenFor(group, 'school-a'), sample);
    expect(create.status).toBe(table.create[group] === 'none' ? 403 : 201);
    // A group that may not create is tried on an analyst's query of its school.
    const owner = create.status === 201 ? group : 'analyst';
    const target =
      create.status === 201
        ? (create.body.entity as { id: string }).id
        : ((await ok('POST', '/api/analytics-queries', analyst, sample)).entity as { id: string }).id;
    for (const perspective of perspectives) {
      const token = tokenOf(group, perspective);
      const seen = (rule: string) =>
        rule === 'own-school'
          ? perspective !== 'other-school'
          : rule === 'own'
            ? perspective === 'owner' && owner === group
            : rule === 'all';
      const list = await call('GET', '/api/analytics-queries', token);
      if (table.list[group] === 'none') expect(list.status, perspective).toBe(403);
      else {
        const ids = (list.body.entities as { id: string }[]).map((q) => q.id);
        expect(ids.includes(target), `${group} ${perspective} list`).toBe(seen(table.list[group]));
      }
      const get = await call('GET', `/api/analytics-queries/${target}`, token);
      expect(get.status, `${group} ${perspective} get`).toBe(
        table.get[group] === 'none' ? 403 : seen(table.get[group]) ? 200 : 404,
      );
      const update = await call('PUT', `/api/analytics-queries/${target}`, token, {
        name: `Изменено ${perspective}`,
      });
      expect(update.status, `${group} ${perspective} update`).toBe(
        table.update[group] === 'none' ? 403 : seen(table.update[group]) ? 200 : 404,
      );
    }
    const removed = await call('DELETE', `/api/analytics-queries/${target}`, tokenFor(group, 'school-a'));
    expect(removed.status).toBe(table.delete[group] === 'none' ? 403 : owner === group ? 204 : 404);
  });
});
