import { randomUUID } from 'node:crypto';
import { assignmentRecordSchema, EventRegistry } from '@sabaq/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PostgresEventStore } from '../../../services/src/platform/event-store/postgres/postgres-event-store';
import { startAssignmentsApp, type AssignmentsApp } from './assignments-app';
import { httpOf, teacher, S1 } from './assignments-http';

/**
 * The assignments context's documents and stored shapes: the OpenAPI document, and assignments stored
 * or sent with the settings' older names.
 */
let env: AssignmentsApp;
beforeAll(async () => {
  env = await startAssignmentsApp();
});
afterAll(async () => {
  await env?.close();
});
const { call, entity } = httpOf(() => env.app);

describe('the OpenAPI document', () => {
  it('describes the collections and the action routes', async () => {
    const response = await env.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    const paths = Object.keys((response.json() as { paths: object }).paths);
    for (const path of [
      '/api/classes',
      '/api/assignments',
      '/api/assignments/{id}/suspend.json',
      '/api/assignments/{id}/clone.json',
      '/api/assignments/{id}/students/{studentId}/time.json',
      '/api/assignment-attempts/{id}/finish.json',
      '/api/assignment-results',
      '/api/assignment-reviewer-results',
    ]) {
      expect(paths).toContain(path);
    }
  });
});

describe('the settings migration (camera_record, two_camera, screen_record)', () => {
  it('reads an assignment stored with the old names under the new ones', async () => {
    // The code of the time: AssignmentCreated at version 1, whose settings had the old names.
    const legacy = new PostgresEventStore({
      connectionString: env.url,
      registry: new EventRegistry([
        {
          context: 'assignments',
          categories: ['assignment'],
          events: [{ type: 'AssignmentCreated', version: 1, schema: z.looseObject({ id: z.string() }) }],
        },
      ]),
    });
    const id = randomUUID();
    const record = assignmentRecordSchema.parse({
      id,
      type: 'external',
      name: 'Старое задание',
      students: [S1],
      starting_at: new Date().toISOString(),
      ending_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const {
      main_camera_record: _main,
      second_camera_record: _second,
      screen_share_record: _screen,
      ...rest
    } = record.settings.proctoring_settings;
    const oldSettings = {
      ...record.settings,
      proctoring_settings: { ...rest, camera_record: false, two_camera: false, screen_record: true },
    };
    try {
      await legacy.append(
        `assignment-${id}`,
        [
          {
            id: randomUUID(),
            type: 'AssignmentCreated',
            data: { ...record, settings: oldSettings },
            metadata: { userId: 'teacher-school-a-1', schoolId: 'school-a' },
          },
        ],
        { expectedVersion: 'no_stream' },
      );
    } finally {
      await legacy.close();
    }
    const [stored] = await env.store.readStream(`assignment-${id}`);
    expect(stored!.metadata.schemaVersion).toBe(2);
    await env.caughtUp();

    const read = await entity(call('GET', `/api/assignments/${id}`, teacher));
    const proctoring = (read.settings as { proctoring_settings: Record<string, unknown> })
      .proctoring_settings;
    expect(proctoring).toMatchObject({
      main_camera_record: false,
      second_camera_record: false,
      screen_share_record: true,
    });
    for (const old of ['camera_record', 'two_camera', 'screen_record'])
      expect(proctoring).not.toHaveProperty(old);
    // Decisions fold the upcast events too.
    expect(await entity(call('POST', `/api/assignments/${id}/suspend.json`, teacher))).toMatchObject({
      status: 'suspended',
    });
  });

  it('takes the old names from a client too', async () => {
    const made = await entity(
      call('POST', '/api/assignments', teacher, {
        type: 'external',
        name: 'Эссе',
        settings: { proctoring_settings: { camera_record: false, two_camera: false, screen_record: false } },
      }),
      201,
    );
    const proctoring = (made.settings as { proctoring_settings: Record<string, unknown> })
      .proctoring_settings;
    expect(proctoring).toMatchObject({
      main_camera_record: false,
      second_camera_record: false,
      screen_share_record: false,
      microphone_record: false,
      check_env: true,
    });
    expect(proctoring).not.toHaveProperty('camera_record');
  });
});
