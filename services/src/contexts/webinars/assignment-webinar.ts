import { isEvent } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import type { Projection } from '../../platform/projections/projection';
import { loadAssignment } from '../assignments/assignments/commands';
import { runWebinarCommand } from './commands';
import { assignmentWebinarId } from './ids';

type Services = Pick<ContextServices, 'store' | 'db' | 'clock'>;

export const ASSIGNMENT_WEBINARS_PROCESS = 'webinars.assignment-webinars';

/**
 * An assignment with is_webinar gets a webinar: its owner moderates, its class and students take part.
 * The id is derived from the assignment, so making it again (the process manager replaying, the page
 * asking before the process got there) appends nothing. Answers the webinar's id, or null when the
 * assignment is not a live webinar assignment.
 */
export async function ensureAssignmentWebinar(
  services: Services,
  assignmentId: string,
  options: { wait?: boolean } = {},
): Promise<string | null> {
  const { state, ownerId, schoolId } = await loadAssignment(services, assignmentId);
  if (state.status !== 'live' || !state.record.is_webinar || ownerId === null) return null;
  const record = state.record;
  const id = assignmentWebinarId(assignmentId);
  await runWebinarCommand(
    services,
    id,
    {
      type: 'Create',
      webinar: {
        id,
        owner_id: ownerId,
        school_id: schoolId,
        assignment_id: assignmentId,
        class_id: record.class_id,
        name: record.name,
        description: record.description,
        webinar_server_id: null,
        chat_id: record.chat_id,
        type: 'mesh',
        participants: record.students,
        created_at: services.clock().toISOString(),
      },
    },
    { userId: ownerId, schoolId },
    options,
  );
  return id;
}

const TRIGGERS = ['AssignmentCreated', 'AssignmentUpdated'] as const;

/** Makes the webinars of is_webinar assignments as they are created or switched on; checkpointed. */
export function assignmentWebinarsProcess(services: Services): Projection {
  return {
    name: ASSIGNMENT_WEBINARS_PROCESS,
    version: 1,
    handles: TRIGGERS,
    async apply(_tx, events) {
      const ids = new Set(events.filter((e) => isEvent(e, ...TRIGGERS)).map((e) => e.data.id));
      // Nobody waits on a background make; the read model follows on its own.
      for (const id of ids) await ensureAssignmentWebinar(services, id, { wait: false });
    },
    async reset() {},
  };
}
