import type { StoredEvent } from '@sabaq/events';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../../tests/support/databases';
import { createReadModelDb, type ReadModelDb } from '../../../platform/read-models/database';
import { migrateReadModels } from '../../../platform/read-models/migrations';
import { assignmentsContext } from '../../assignments';
import { proctoringContext } from '..';
import { proctoringActionsProjection } from './projection';

/**
 * The proctoring projection replays to the same tables: every event applied twice, in one batch or
 * in batches cut differently and arriving in another order, leaves the same actions, activities,
 * reviews and timelines. Without the assignments tables (the projection alone) timelines use the
 * default settings.
 */
let db: ReadModelDb;
let url: string;
beforeAll(async () => {
  url = await createTestDatabase('proctoring_projection');
  db = createReadModelDb(url);
  await migrateReadModels(db, { ...assignmentsContext.migrations, ...proctoringContext.migrations });
});
afterAll(async () => {
  await db?.destroy();
});

const T0 = Date.parse('2026-05-20T09:00:00.000Z');
let position = 0n;
const stored = (type: string, data: Record<string, unknown>, seconds: number): StoredEvent => {
  position += 1n;
  return {
    id: `e-${position}`,
    streamId: 'proctoring-t1',
    type,
    data,
    metadata: { schoolId: 'school-a', occurredAt: new Date(T0 + seconds * 1000).toISOString() },
    streamPosition: Number(position),
    globalPosition: position,
    recordedAt: new Date(T0 + seconds * 1000),
  } as StoredEvent;
};
const who = { assignmentId: 'a1', attemptId: 't1', studentId: 's1' };
const action = (actionType: string, seconds: number) =>
  stored(
    'ProctoringActionRecorded',
    {
      ...who,
      actionType,
      isWarning: false,
      initiatorId: 's1',
      webinarSessionId: null,
      description: null,
      source: 'client',
      screenshots: [],
    },
    seconds,
  );
const events = [
  action('focus_lost', 0),
  action('focus_lost', 1),
  action('head_turned', 5),
  stored(
    'ProctoringActivityRecorded',
    { ...who, chapterId: 'c1', componentId: null, activityType: 'chapter_opened' },
    6,
  ),
  action('focus_lost', 30),
  stored(
    'ProctoringIntervalReviewed',
    {
      ...who,
      actionType: 'focus_lost',
      start: new Date(T0).toISOString(),
      end: new Date(T0 + 1000).toISOString(),
      decision: 'dismissed',
      note: 'окно',
      reviewerId: 'p1',
    },
    40,
  ),
];

async function snapshot() {
  const rows = async (table: string) => db.selectFrom(table).selectAll().orderBy('global_position').execute();
  return {
    actions: await rows('proctoring_actions'),
    activities: await rows('proctoring_activities'),
    reviews: await rows('proctoring_reviews'),
    timelines: await db
      .selectFrom('proctoring_timelines')
      .select(['assignment_attempt_id', 'runs', 'timeline', 'credibility', 'score'])
      .execute(),
  };
}
const apply = (batch: StoredEvent[]) =>
  db.transaction().execute((tx) => proctoringActionsProjection.apply(tx, batch));
const reset = () => db.transaction().execute((tx) => proctoringActionsProjection.reset(tx));

describe('the proctoring projection', () => {
  it('builds actions, activities, reviews and the timeline with its reviews', async () => {
    await apply(events);
    const once = await snapshot();
    expect(once.actions).toHaveLength(4);
    expect(once.activities).toHaveLength(1);
    expect(once.reviews).toHaveLength(1);
    const timeline = once.timelines[0]!.timeline as {
      violations: { type: string; signals: number; review: unknown }[];
    };
    expect(timeline.violations.map((i) => [i.type, i.signals, i.review !== null])).toEqual([
      ['focus_lost', 2, true],
      ['head_turned', 1, false],
      ['focus_lost', 1, false],
    ]);
    expect(once.timelines[0]!.score).toBeLessThan(100);
  });

  it('changes nothing when every event is applied again', async () => {
    const once = await snapshot();
    await apply(events);
    expect(await snapshot()).toEqual(once);
  });

  it('ends the same after a reset and a replay in other batches and another order', async () => {
    const once = await snapshot();
    await reset();
    expect((await snapshot()).actions).toEqual([]);
    await apply([events[5]!, events[4]!]);
    await apply([events[0]!, events[3]!]);
    await apply([events[2]!, events[1]!, events[0]!]);
    expect(await snapshot()).toEqual(once);
  });

  it('merges a row written before runs were kept from all of its signals', async () => {
    const once = await snapshot();
    await db.updateTable('proctoring_timelines').set({ runs: null }).execute();
    await apply([events[4]!]);
    expect(await snapshot()).toEqual(once);
  });

  it('writes nothing before the last statement of its batch', async () => {
    // Until a transaction writes it holds no transaction id, and log readers are held back only by
    // open ids (SAFE_TO_READ): the batch's writes go in its last statement.
    await reset();
    const sent: string[] = [];
    const logged = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }),
      log: (entry) => {
        sent.push(entry.query.sql);
      },
    }) as unknown as ReadModelDb;
    const ids: (string | null)[] = [];
    try {
      await logged.transaction().execute(async (tx) => {
        await proctoringActionsProjection.apply(tx, events);
        const { rows } = await sql<{ id: string | null }>`
          SELECT pg_current_xact_id_if_assigned()::text AS id`.execute(tx);
        ids.push(rows[0]!.id);
      });
    } finally {
      await logged.destroy();
    }
    // The statements of apply: after the transaction's begin, before the probe.
    const applied = sent.slice(
      1,
      sent.findIndex((text) => text.includes('pg_current_xact_id_if_assigned')),
    );
    const writing = applied.map((text) => /\b(insert|update|delete)\b/i.test(text));
    expect(applied.length).toBeGreaterThan(1);
    expect(writing.at(-1)).toBe(true);
    expect(writing.slice(0, -1)).not.toContain(true);
    expect(ids[0]).not.toBeNull();
    expect((await snapshot()).actions).toHaveLength(4);
  });
});
