import { classSchema } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import { uuidV5 } from '../../platform/ids';
import { DEMO_SCHOOL_ID, demoUserId } from '../identity/seed';
import { classDecider } from './classes/class-decider';
import { classStream, eventId } from './ids';

/** The demo class's id, fixed so that tests and the web app's demo can name it. */
export const DEMO_CLASS_ID = uuidV5('demo-class:7А');

/**
 * The demo school's class (`DEMO=1`): the demo teacher teaches the demo students. Decided by the same
 * decider as `POST /api/classes`; the stream must not exist yet, so a second start (or two api processes
 * starting together) appends nothing. The read model is not waited for: the projector may not run yet.
 */
export async function seedAssignmentsDemo(services: ContextServices): Promise<void> {
  if (!services.demo) return;
  const stream = classStream(DEMO_CLASS_ID);
  if ((await services.store.streamVersion(stream)) >= 0) return;
  const teacher = demoUserId('teacher');
  const data = classSchema.parse({
    name: '7 «А»',
    description: 'Демо-класс: учитель Смирнов А. И. и оба демо-ученика.',
    color: '#2f80ed',
    teachers: [teacher],
    students: [demoUserId('student'), demoUserId('student2')],
  });
  const events = classDecider.decide(
    { type: 'create', id: DEMO_CLASS_ID, data, creator: { userId: teacher, group: 'teacher' } },
    classDecider.initialState,
  );
  await services.store
    .append(
      stream,
      events.map((event, index) => ({
        id: eventId(stream, -1, 'demo-seed', index),
        type: event.type,
        data: event.data,
        metadata: { userId: teacher, schoolId: DEMO_SCHOOL_ID, occurredAt: services.clock().toISOString() },
      })),
      { expectedVersion: 'no_stream' },
    )
    .catch(async (error: unknown) => {
      // Another api process seeded it meanwhile: that is the same class.
      if ((await services.store.streamVersion(stream)) < 0) throw error;
    });
}
