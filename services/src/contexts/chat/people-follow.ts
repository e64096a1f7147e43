import { ClassEvents, isEvent, type ClassFields } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import { evolveRecord, initialRecordState, type RecordEvent } from '../../platform/http/records/decider';
import type { Projection } from '../../platform/projections/projection';
import { withTables } from '../../platform/read-models/database';
import { loadAssignment } from '../assignments/assignments/commands';
import { classStream } from '../assignments/ids';
import { loadWebinar } from '../webinars/commands';
import { runChatCommand } from './commands';
import { assignmentChatId, classChatId, webinarChatId } from './ids';
import type { ChatTables } from './read-model/tables';

type Services = Pick<ContextServices, 'store' | 'db' | 'clock'>;

export const CHAT_PEOPLE_PROCESS = 'chat.people-follow';

const unique = (ids: readonly (string | null | undefined)[]) => [
  ...new Set(ids.filter((id): id is string => typeof id === 'string' && id.length > 0)),
];

const classTypes = {
  created: ClassEvents.created.type,
  updated: ClassEvents.updated.type,
  deleted: ClassEvents.deleted.type,
};

/**
 * A class's chat: its teachers and owner moderate, its teachers and students take part. Read from the
 * class's own stream (not the assignments read model, which may not have caught up yet). Answers the
 * chat's id, or null when the class does not exist; a deleted class closes its chat.
 */
async function classPeople(services: Pick<ContextServices, 'store'>, classId: string) {
  const history = await services.store.readStream(classStream(classId));
  const created = history[0];
  if (!created) return null;
  const state = history.reduce(
    (s, e) => evolveRecord(s, e as unknown as RecordEvent, classTypes),
    initialRecordState,
  );
  return {
    status: state.status,
    ownerId: created.metadata.userId ?? null,
    schoolId: created.metadata.schoolId ?? null,
    // Why the cast: the record state folds the class's Created and Updated data, checked by their schemas.
    fields: state.status === 'live' ? (state.data as unknown as ClassFields) : null,
  };
}

export async function ensureClassChat(
  services: Services,
  classId: string,
  options: { wait?: boolean } = {},
): Promise<string | null> {
  const found = await classPeople(services, classId);
  if (!found) return null;
  const { ownerId, schoolId, fields } = found;
  const id = classChatId(classId);
  const at = services.clock().toISOString();
  const by = { userId: ownerId ?? 'system', schoolId };
  if (fields === null) {
    if (found.status === 'deleted') await closeIfOpen(services, id, at, by, options);
    return null;
  }
  const moderators = unique([ownerId, ...fields.teachers]);
  await runChatCommand(
    services,
    id,
    {
      type: 'Ensure',
      at,
      chat: {
        id,
        school_id: schoolId,
        owner_id: ownerId ?? moderators[0] ?? 'system',
        type: 'group',
        subject: 'class',
        class_id: classId,
        assignment_id: null,
        name: fields.name,
        participants: unique([...moderators, ...fields.students]),
        moderators,
        created_at: at,
      },
    },
    by,
    options,
  );
  return id;
}

/** An is_chat assignment's chat: its owner moderates, its students take part. */
export async function ensureAssignmentChat(
  services: Services,
  assignmentId: string,
  options: { wait?: boolean } = {},
): Promise<string | null> {
  const { state, ownerId, schoolId } = await loadAssignment(services, assignmentId);
  const id = assignmentChatId(assignmentId);
  const at = services.clock().toISOString();
  const by = { userId: ownerId ?? 'system', schoolId };
  if (state.status !== 'live' || !state.record.is_chat || ownerId === null) {
    if (state.status === 'deleted') await closeIfOpen(services, id, at, by, options);
    return null;
  }
  const record = state.record;
  await runChatCommand(
    services,
    id,
    {
      type: 'Ensure',
      at,
      chat: {
        id,
        school_id: schoolId,
        owner_id: ownerId,
        type: 'group',
        subject: 'assignment',
        class_id: record.class_id,
        assignment_id: assignmentId,
        name: record.name,
        participants: unique([ownerId, ...record.students]),
        moderators: [ownerId],
        created_at: at,
      },
    },
    by,
    options,
  );
  return id;
}

/**
 * A webinar's chat: its owner, its class's teachers and its assignment's owner moderate; they, the named
 * participants, the class's students and the assignment's students take part (the webinar's own people,
 * docs/webinars.md, without the school's managers and admins, who are not in the call). It stays open
 * after the webinar ends, and closes when the webinar is deleted.
 */
export async function ensureWebinarChat(
  services: Services,
  webinarId: string,
  options: { wait?: boolean } = {},
): Promise<string | null> {
  const state = await loadWebinar(services, webinarId);
  const id = webinarChatId(webinarId);
  const at = services.clock().toISOString();
  if (state.status === 'absent') return null;
  if (state.status === 'deleted') {
    await closeIfOpen(services, id, at, { userId: 'system', schoolId: null }, options);
    return null;
  }
  const w = state.webinar;
  const moderators: (string | null)[] = [w.owner_id];
  const people: (string | null)[] = [...w.participants];
  if (w.class_id) {
    const group = await classPeople(services, w.class_id);
    if (group?.fields) {
      moderators.push(...group.fields.teachers);
      people.push(...group.fields.students);
    }
  }
  if (w.assignment_id) {
    const assignment = await loadAssignment(services, w.assignment_id);
    if (assignment.state.status === 'live') {
      moderators.push(assignment.ownerId);
      people.push(...assignment.state.record.students);
    }
  }
  const mods = unique(moderators);
  await runChatCommand(
    services,
    id,
    {
      type: 'Ensure',
      at,
      chat: {
        id,
        school_id: w.school_id,
        owner_id: w.owner_id,
        type: 'group',
        subject: 'webinar',
        class_id: w.class_id,
        assignment_id: w.assignment_id,
        name: w.name,
        participants: unique([...mods, ...people]),
        moderators: mods,
        created_at: at,
      },
    },
    { userId: w.owner_id, schoolId: w.school_id },
    options,
  );
  return id;
}

/** The webinars of a class or an assignment (from the webinars' read model), whose chats follow it too. */
async function webinarsOf(services: Services, column: 'class_id' | 'assignment_id', ids: Set<string>) {
  if (ids.size === 0) return [];
  const rows = await withTables<ChatTables>(services.db)
    .selectFrom('webinars_webinars')
    .select('id')
    .where(column, 'in', [...ids])
    .where('deleted', '=', false)
    .execute();
  return rows.map((r) => r.id);
}

async function closeIfOpen(
  services: Services,
  id: string,
  at: string,
  by: { userId: string; schoolId: string | null },
  options: { wait?: boolean },
) {
  if ((await services.store.readStream(`chat-${id}`)).length === 0) return;
  await runChatCommand(services, id, { type: 'Close', at }, by, options);
}

const CLASS_TRIGGERS = ['ClassCreated', 'ClassUpdated', 'ClassDeleted'] as const;
const ASSIGNMENT_TRIGGERS = ['AssignmentCreated', 'AssignmentUpdated', 'AssignmentDeleted'] as const;
const WEBINAR_TRIGGERS = ['WebinarCreated', 'WebinarUpdated', 'WebinarDeleted'] as const;

/**
 * The process manager: classes get their chat when made, is_chat assignments when made or switched on;
 * the people follow every change, and a deleted class or assignment closes its chat. Checkpointed.
 */
export function chatPeopleProcess(services: Services): Projection {
  return {
    name: CHAT_PEOPLE_PROCESS,
    version: 1,
    handles: [...CLASS_TRIGGERS, ...ASSIGNMENT_TRIGGERS, ...WEBINAR_TRIGGERS],
    async apply(_tx, events) {
      const classes = new Set<string>();
      const assignments = new Set<string>();
      const webinars = new Set<string>();
      for (const e of events) {
        if (isEvent(e, ...CLASS_TRIGGERS)) classes.add(e.data.id);
        else if (isEvent(e, ...ASSIGNMENT_TRIGGERS)) assignments.add(e.data.id);
        else if (isEvent(e, ...WEBINAR_TRIGGERS)) webinars.add(e.data.id);
      }
      // A class's or an assignment's change reaches its webinars' chats as well.
      for (const id of await webinarsOf(services, 'class_id', classes)) webinars.add(id);
      for (const id of await webinarsOf(services, 'assignment_id', assignments)) webinars.add(id);
      // Nobody waits on a background make; the read model follows on its own.
      for (const id of classes) await ensureClassChat(services, id, { wait: false });
      for (const id of assignments) await ensureAssignmentChat(services, id, { wait: false });
      for (const id of webinars) await ensureWebinarChat(services, id, { wait: false });
    },
    async reset() {},
  };
}
