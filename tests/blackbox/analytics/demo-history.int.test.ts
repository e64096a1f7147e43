import { proctoringActionKind } from '@sabaq/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planDemoExams } from '../../../services/src/contexts/assignments/demo-history/exam-plan';
import {
  demoExamId,
  seedDemoHistory,
} from '../../../services/src/contexts/assignments/demo-history/seed-history';
import { TABLES } from '../../../services/src/contexts/assignments/read-model/tables';
import { seedAssignmentsDemo } from '../../../services/src/contexts/assignments/seed';
import { seedAuthoringDemo } from '../../../services/src/contexts/authoring/seed/seed';
import { DEMO_SCHOOL_ID, demoUserId } from '../../../services/src/contexts/identity/seed';
import { reviewQueue } from '../../../services/src/contexts/proctoring/review/review-queue';
import { tokenFor } from '../records/records-app';
import { startAnalyticsApp, type AnalyticsApp } from './analytics-app';
import type { ConsoleAnswer, Dashboard } from './exams';

/**
 * The demo seed's past exams (DEMO=1): on a fresh start the analyst's dashboard already has data, the
 * exams' actions lie inside their attempts, and a second start appends nothing.
 */
describe('demo history', () => {
  let env: AnalyticsApp;
  const analyst = tokenFor('analyst', DEMO_SCHOOL_ID);

  const seed = async () => {
    const services = { ...env.services, demo: true, clock: () => new Date() };
    await seedAuthoringDemo(services);
    await seedAssignmentsDemo(services);
    await seedDemoHistory(services);
  };
  const get = async <T>(url: string, token = analyst) => {
    const response = await env.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { entity: T }).entity;
  };
  const query = async (sql: string) => {
    const response = await env.app.inject({
      method: 'POST',
      url: '/api/analytics/query',
      headers: { authorization: `Bearer ${analyst}` },
      payload: { sql },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { entity: ConsoleAnswer }).entity;
  };

  beforeAll(async () => {
    env = await startAnalyticsApp();
    await seed();
    await env.caughtUp();
  }, 180_000);
  afterAll(() => env?.close());

  it('fills every figure of the default (last 30 days) dashboard', async () => {
    const dashboard = await get<Dashboard>('/api/analytics/dashboard');
    expect(new Set(dashboard.violations_by_day.map((d) => d.day)).size).toBeGreaterThanOrEqual(4);
    expect(dashboard.violations_by_type.length).toBeGreaterThanOrEqual(3);
    expect(dashboard.per_assignment).toHaveLength(8);
    for (const exam of dashboard.per_assignment) {
      expect(exam.name).toMatch(/^Контрольная: /);
      expect(exam.attempts).toBe(2);
    }
    expect(dashboard.credibility.reduce((n, b) => n + b.attempts, 0)).toBe(16);
    expect(dashboard.time_to_finish.reduce((n, b) => n + b.attempts, 0)).toBe(16);
  });

  it('dates every exam in the past weeks, with each action inside its attempt', async () => {
    const answer = await query(`
      SELECT count() AS outside
        FROM proctoring_actions a
        JOIN (SELECT attempt_id, min(started_at) AS s, max(finished_at) AS f
                FROM assignment_attempts GROUP BY attempt_id) t ON t.attempt_id = a.attempt_id
       WHERE a.occurred_at < t.s OR a.occurred_at > t.f OR t.f > now() OR t.s < now() - INTERVAL 30 DAY`);
    expect(answer.rows).toEqual([['0']]);
    const proctor = await query(`SELECT count() FROM proctoring_actions WHERE source = 'proctor'`);
    expect(proctor.rows).toEqual([['1']]);
  });

  it('records two graded answers per attempt, as the teacher sees them in the results', async () => {
    const results = await env.services.db
      .selectFrom(TABLES.results)
      .select(['result'])
      .where('school_id', '=', DEMO_SCHOOL_ID)
      .execute();
    expect(results).toHaveLength(32);
    // Graded by the quiz's grader: some right (3), some wrong (2), as a class's would be.
    expect(new Set(results.map((r) => Number(r.result)))).toEqual(new Set([2, 3]));
  });

  it("puts the past exams' attempts in the demo teacher's review queue", async () => {
    const teacher = {
      userId: demoUserId('teacher'),
      schoolId: DEMO_SCHOOL_ID,
      group: 'teacher' as const,
      pendingChallenges: [],
    };
    const exams = planDemoExams(new Date()).map((exam) => demoExamId(exam.key));
    const queues = await Promise.all(exams.map((id) => reviewQueue(env.services.db, teacher, id)));
    // Every exam has attempts to review: those with violations (an attempt without any has no timeline).
    for (const queue of queues) expect(queue.length).toBeGreaterThanOrEqual(1);
    const withViolations = planDemoExams(new Date()).map(
      (exam) =>
        exam.attempts.filter((a) => a.actions.some((x) => proctoringActionKind(x.type) === 'violation'))
          .length,
    );
    expect(queues.map((queue) => queue.length)).toEqual(withViolations);
    const scores = queues.flat().map((entry) => entry.score);
    expect(Math.min(...scores)).toBeLessThan(100);
  });

  it('appends nothing on a second start', async () => {
    const before = await env.services.store.headPosition();
    await seed();
    expect(await env.services.store.headPosition()).toBe(before);
  });
});
