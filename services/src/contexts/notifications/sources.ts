import {
  isEvent,
  unhandledEvent,
  type NotificationParameters,
  type NotificationType,
  type StoredEvent,
  type TaskCreatedData,
} from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import { withTables } from '../../platform/read-models/database';
import { taskStream } from '../tasks/task-commands';
import { assignmentChangeDrafts } from './assignment-changes';
import { resultDrafts } from './result-notices';
import type { NotificationsTables } from './read-model/tables';

/** One notification to make: for whom, of which type, with what the text is built from. */
export interface Draft {
  recipientId: string;
  schoolId: string | null;
  type: NotificationType;
  parameters: NotificationParameters;
}

type Services = Pick<ContextServices, 'store' | 'db'>;

/** The events that notify somebody, and who: the one place that says what reaches whom. */
export const SOURCE_EVENTS = [
  'AssignmentCreated',
  'AssignmentSuspended',
  'AssignmentResumed',
  'AssignmentFinished',
  'AssignmentUpdated',
  'AssignmentAttemptFinished',
  'AssignmentReviewerScoreCalculated',
  'UserCertificateIssued',
  'ProctoringActionRecorded',
  'TaskCompleted',
  'TaskFailed',
  'InviteCodeUsed',
  'ChatMessageMissed',
] as const;

const PROCTOR_NOTICES = [
  'proctor_message',
  'proctor_warning',
  'exam_suspended',
  'exam_resumed',
  'exam_stopped',
] as const satisfies readonly NotificationType[];

export async function draftsFor(services: Services, event: StoredEvent): Promise<Draft[]> {
  if (!isEvent(event, ...SOURCE_EVENTS)) return [];
  const school = typeof event.metadata.schoolId === 'string' ? event.metadata.schoolId : null;
  switch (event.type) {
    case 'AssignmentCreated': {
      // Given to a class (or to students by name): each of its students hears of it.
      const d = event.data;
      const parameters = { assignment_id: d.id, assignment_name: d.name, class_id: d.class_id };
      return unique(d.students).map((recipientId) => ({
        recipientId,
        schoolId: school,
        type: 'assignment_given',
        parameters,
      }));
    }
    case 'AssignmentSuspended':
    case 'AssignmentResumed':
    case 'AssignmentFinished':
    case 'AssignmentUpdated':
      // The teacher suspended, resumed, finished or moved the whole assignment (an edit of anything
      // but its times notifies nobody).
      return assignmentChangeDrafts(services, event);
    case 'AssignmentAttemptFinished':
    case 'AssignmentReviewerScoreCalculated':
      // Once the attempt is over, and only when the assignment shows results (result-notices.ts).
      return resultDrafts(services, event);
    case 'UserCertificateIssued': {
      const d = event.data;
      return [
        {
          recipientId: d.user_id,
          schoolId: d.school_id,
          type: 'certificate_issued',
          parameters: {
            user_certificate_id: d.id,
            certificate_name: d.name,
            certificate_number: d.certificate_number,
            assignment_id: d.assignment_id,
          },
        },
      ];
    }
    case 'ProctoringActionRecorded': {
      const d = event.data;
      // What a proctor did to the student: said, warned, suspended, resumed or stopped their exam.
      // A detector's violations notify nobody.
      const type = PROCTOR_NOTICES.find((t) => t === d.actionType);
      if (!type) return [];
      return [
        {
          recipientId: d.studentId,
          schoolId: school,
          type,
          parameters: {
            assignment_id: d.assignmentId,
            assignment_attempt_id: d.attemptId,
            message: d.description,
          },
        },
      ];
    }
    case 'TaskCompleted':
    case 'TaskFailed': {
      const task = await taskFacts(services, event.data.id);
      if (!task) return [];
      return [
        {
          recipientId: task.owner_id,
          schoolId: task.school_id,
          type: 'task_finished',
          parameters: {
            task_id: task.id,
            task_kind: task.kind,
            task_name: task.name,
            status: event.type === 'TaskCompleted' ? 'completed' : 'failure',
          },
        },
      ];
    }
    case 'InviteCodeUsed': {
      const d = event.data;
      if (d.purpose !== 'register') return [];
      return studentRegistered(services, d.inviteCodeId, d.userId);
    }
    case 'ChatMessageMissed': {
      // A personal chat message its reader had no open socket to see (contexts/chat, docs/chat.md).
      const d = event.data;
      return [
        {
          recipientId: d.user_id,
          schoolId: school,
          type: 'chat_message',
          parameters: {
            chat_id: d.chat_id,
            message_id: d.message_id,
            author_id: d.author_id,
            author_name: await userName(services, d.author_id),
            message: d.preview,
          },
        },
      ];
    }
    default:
      return unhandledEvent(event);
  }
}

async function taskFacts(services: Services, taskId: string): Promise<TaskCreatedData | undefined> {
  const history = await services.store.readStream(taskStream(taskId));
  return history.find((e) => isEvent(e, 'TaskCreated'))?.data;
}

/**
 * A student registered with an invite code: the teachers of the invite's classes hear of it, or the
 * invite's owner when it names no class with a teacher. Read from the streams, not the read models,
 * which may not have caught up with an invite made a moment ago.
 */
async function studentRegistered(services: Services, inviteId: string, userId: string): Promise<Draft[]> {
  const invite = foldRecord(await services.store.readStream(`invite-${inviteId}`));
  if (!invite || invite.group !== 'student') return [];
  const classIds = strings(invite.classgroups);
  const teachers: string[] = [];
  for (const classId of classIds) {
    const group = foldRecord(await services.store.readStream(`class-${classId}`));
    if (group) teachers.push(...strings(group.teachers));
  }
  const owner = typeof invite.owner_id === 'string' ? [invite.owner_id] : [];
  const recipients = unique(teachers.length > 0 ? teachers : owner).filter((id) => id !== userId);
  const name = await userName(services, userId);
  return recipients.map((recipientId) => ({
    recipientId,
    schoolId: typeof invite.school_id === 'string' ? invite.school_id : null,
    type: 'student_registered' as const,
    parameters: {
      student_id: userId,
      student_name: name,
      invite_code_id: inviteId,
      invite_name: typeof invite.name === 'string' ? invite.name : null,
      class_id: classIds[0] ?? null,
    },
  }));
}

/** A record's fields after its Created and Updated events; undefined when absent or deleted. */
function foldRecord(history: readonly StoredEvent[]): Record<string, unknown> | undefined {
  let record: Record<string, unknown> | undefined;
  for (const event of history) {
    if (isEvent(event, 'InviteCodeCreated', 'ClassCreated')) record = { ...event.data };
    else if (isEvent(event, 'InviteCodeUpdated', 'ClassUpdated') && record)
      Object.assign(record, event.data.changes);
    else if (isEvent(event, 'InviteCodeDeleted', 'ClassDeleted')) record = undefined;
  }
  return record;
}

async function userName(services: Services, userId: string): Promise<string | null> {
  const row = await withTables<NotificationsTables>(services.db)
    .selectFrom('users')
    .select(['firstname', 'lastname'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const name = [row?.lastname, row?.firstname].filter(Boolean).join(' ');
  return name || null;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const unique = (ids: readonly string[]) => [...new Set(ids)];
