import { PROCTORING_VIOLATIONS } from '@sabaq/events';
import { describe, expect, it } from 'vitest';
import { tokenFor } from '../records/records-app';
import { analyst, outsideAnalyst, useExamWorld } from './exams';

/**
 * The dashboard over real PostgreSQL and chdb: its figures for the exams exams.ts posts, against what
 * was posted and what the read model says, per period, per school, and unchanged by replays.
 */
const { world, ok, query, dashboard } = useExamWorld();

describe('the dashboard', () => {
  it('shows the posted violations, attempts, credibility and times to finish', async () => {
    const { status, entity } = await dashboard(analyst, 'from=2026-03-01&to=2026-03-31');
    expect(status).toBe(200);
    expect(entity.violations_by_day).toEqual([
      { day: '2026-03-10', action_type: 'face_missing', actions: 1, attempts: 1 },
      { day: '2026-03-10', action_type: 'focus_lost', actions: 2, attempts: 1 },
      { day: '2026-03-11', action_type: 'noise', actions: 3, attempts: 1 },
    ]);
    expect(entity.violations_by_type).toEqual([
      { action_type: 'noise', actions: 3, attempts: 1 },
      { action_type: 'focus_lost', actions: 2, attempts: 1 },
      { action_type: 'face_missing', actions: 1, attempts: 1 },
    ]);
    expect(entity.per_assignment).toEqual([
      { assignment_id: world.schoolA.assignment, name: 'Экзамен по алгебре', attempts: 2, violations: 6 },
    ]);
    expect(entity.time_to_finish).toEqual([
      { minutes_bucket: 10, attempts: 1 },
      { minutes_bucket: 30, attempts: 1 },
    ]);
    // Credibility as proctoring scored each attempt (its timeline), bucketed by tens.
    const teacher = tokenFor('teacher', 'school-a');
    const expected = Array.from({ length: 10 }, (_, bucket) => ({ bucket, attempts: 0 }));
    for (const attempt of world.schoolA.attempts) {
      const timeline = (await ok('GET', `/api/proctoring/timelines/${attempt}`, teacher)).entity as {
        credibility: { score: number };
      };
      expected[Math.min(Math.floor(timeline.credibility.score / 10), 9)]!.attempts += 1;
    }
    expect(entity.credibility).toEqual(expected);
    expect(entity.credibility.reduce((n, b) => n + b.attempts, 0)).toBe(2);
    expect(expected[10 - 1]!.attempts).toBeLessThan(2); // the first attempt's violations cost points
  });

  it('agrees with the read model’s counts of violations', async () => {
    const { entity } = await dashboard(
      analyst,
      `from=2026-03-01&to=2026-03-31&assignment_id=${world.schoolA.assignment}`,
    );
    const listed = (
      await ok(
        'GET',
        `/api/assignment/actions/${world.schoolA.assignment}.json`,
        tokenFor('teacher', 'school-a'),
      )
    ).entities as { action_type: string }[];
    const violations = listed.filter((a) =>
      (PROCTORING_VIOLATIONS as readonly string[]).includes(a.action_type),
    );
    expect(entity.violations_by_type.reduce((n, t) => n + t.actions, 0)).toBe(violations.length);
    expect(entity.per_assignment[0]?.violations).toBe(violations.length);
  });

  it('narrows to the period', async () => {
    const { entity } = await dashboard(analyst, 'from=2026-03-11&to=2026-03-11');
    expect(entity.violations_by_type).toEqual([{ action_type: 'noise', actions: 3, attempts: 1 }]);
    expect(entity.time_to_finish).toEqual([{ minutes_bucket: 30, attempts: 1 }]);
    expect(entity.per_assignment).toEqual([
      { assignment_id: world.schoolA.assignment, name: 'Экзамен по алгебре', attempts: 1, violations: 3 },
    ]);
    expect(entity.credibility.reduce((n, b) => n + b.attempts, 0)).toBe(1);
    // Without a period: the 30 days up to now (the test's clock is 2026-03-20).
    const recent = await dashboard(analyst, '');
    expect(recent.entity.violations_by_type.reduce((n, t) => n + t.actions, 0)).toBe(6);
  });

  it('shows another school only its own, and refuses another school’s assignment', async () => {
    const { entity } = await dashboard(outsideAnalyst, 'from=2026-03-01&to=2026-03-31');
    expect(entity.violations_by_type).toEqual([{ action_type: 'focus_lost', actions: 1, attempts: 1 }]);
    expect(entity.per_assignment).toEqual([
      { assignment_id: world.schoolB.assignment, name: 'Чужой экзамен', attempts: 1, violations: 1 },
    ]);
    expect(entity.time_to_finish).toEqual([{ minutes_bucket: 10, attempts: 1 }]);
    const foreign = await dashboard(outsideAnalyst, `assignment_id=${world.schoolA.assignment}`);
    expect(foreign.status).toBe(404);
  });

  it('is for analysts, admins and managers; refuses a bad period', async () => {
    for (const group of ['student', 'teacher', 'proctor'] as const) {
      expect((await dashboard(tokenFor(group, 'school-a'), '')).status, group).toBe(403);
    }
    for (const group of ['admin', 'manager'] as const) {
      expect((await dashboard(tokenFor(group, 'school-a'), 'from=2026-03-01&to=2026-03-31')).status).toBe(
        200,
      );
    }
    const bad = await dashboard(analyst, 'from=yesterday');
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ errors: { from: [expect.any(String)] }, status_code: 422 });
    const backwards = await dashboard(analyst, 'from=2026-03-20&to=2026-03-01');
    expect(backwards.status).toBe(422);
    expect(Object.keys(backwards.body.errors as object)).toEqual(['to']);
  });
});

describe('replays', () => {
  it('change no figure: every event copied to ClickHouse again counts once', async () => {
    const before = await dashboard(analyst, 'from=2026-03-01&to=2026-03-31');
    const attemptsBefore = await query(analyst, 'SELECT count() FROM assignment_attempts');
    // What the analytics projector does after a crash or a version bump: insert the same events again,
    // which runs every materialised view over them again.
    await world.env.analytics.command('INSERT INTO events SELECT * FROM events');
    // The stored rows are doubled until ClickHouse merges them; the views must not show it.
    const stored = await world.env.analytics.query<{ n: string }>(
      "SELECT count() AS n FROM proctoring_actions WHERE school_id = 'school-a'",
    );
    expect(Number(stored[0]?.n)).toBe(16);
    const after = await dashboard(analyst, 'from=2026-03-01&to=2026-03-31');
    expect(after.entity).toEqual(before.entity);
    expect((await query(analyst, 'SELECT count() FROM assignment_attempts')).entity.rows).toEqual(
      attemptsBefore.entity.rows,
    );
    const hourly = await query(analyst, 'SELECT sum(actions) FROM proctoring_actions_hourly');
    expect(hourly.entity.rows).toEqual([['8']]);
  });
});
