import { ASSIGNMENT_DEFAULT_DAYS, type AssignmentFields, type AssignmentRecord } from '@sabaq/events';
import { DomainError, NotFoundError, ValidationError } from '../../../platform/errors';
import { buildAssignment, type AssignmentReferences } from './build-record';
import { forbiddenChanges, same, type AssignmentWork } from './edit-rules';
import { hasEnded } from './status';

/** What a teacher does to an assignment. Handlers look references up and read the clock; this decides. */
export type AssignmentCommand =
  | { type: 'create'; id: string; input: AssignmentFields; references: AssignmentReferences; now: string }
  | {
      type: 'update';
      id: string;
      changes: Partial<AssignmentFields>;
      references: AssignmentReferences;
      /** What students already did: what may change depends on it (edit-rules.ts). */
      work: AssignmentWork;
      now: string;
    }
  | { type: 'delete'; id: string }
  | { type: 'suspend' | 'resume' | 'finish'; id: string; now: string }
  /** A copy of another assignment (its questions as they were copied), as a new assignment. */
  | { type: 'clone'; id: string; source: AssignmentRecord; now: string };

export type AssignmentEvent =
  | { type: 'AssignmentCreated'; data: AssignmentRecord }
  | { type: 'AssignmentUpdated'; data: { id: string; changes: Partial<Omit<AssignmentRecord, 'id'>> } }
  | { type: 'AssignmentDeleted'; data: { id: string } }
  | {
      type: 'AssignmentSuspended' | 'AssignmentResumed' | 'AssignmentFinished';
      data: { id: string; at: string };
    };

export type AssignmentState =
  | { status: 'absent' }
  | { status: 'deleted' }
  | { status: 'live'; record: AssignmentRecord; suspended: boolean; finished: boolean };

/** Changing any of these takes name, description and questions from the lessons and quizzes again. */
const SOURCE_FIELDS = ['type', 'lessons', 'quizzes'] as const;

const refuse = (message: string) => new ValidationError(message, { status: [message] });

export const assignmentDecider = {
  initialState: { status: 'absent' } as AssignmentState,

  decide(command: AssignmentCommand, state: AssignmentState): AssignmentEvent[] {
    const now = 'now' in command ? new Date(command.now) : new Date(0);
    if (command.type === 'create' || command.type === 'clone') {
      if (state.status !== 'absent') throw new DomainError(`Assignment ${command.id} already exists`, 409);
      const record =
        command.type === 'create'
          ? buildAssignment(command.id, command.input, command.references, now)
          : cloneOf(command.source, command.id, now);
      return [{ type: 'AssignmentCreated', data: record }];
    }
    if (state.status !== 'live') throw new NotFoundError('Задание не найдено');
    const { record } = state;
    switch (command.type) {
      case 'update':
        return update(state.record, command, now);
      case 'delete':
        return [{ type: 'AssignmentDeleted', data: { id: command.id } }];
      case 'suspend':
        if (state.finished || hasEnded(record, now)) throw refuse('Задание завершено');
        if (state.suspended) return [];
        return [{ type: 'AssignmentSuspended', data: { id: command.id, at: command.now } }];
      case 'resume':
        if (state.finished || hasEnded(record, now)) throw refuse('Задание завершено');
        if (!state.suspended) return [];
        return [{ type: 'AssignmentResumed', data: { id: command.id, at: command.now } }];
      case 'finish':
        // Finishing is final; finishing again changes nothing.
        if (state.finished) return [];
        return [{ type: 'AssignmentFinished', data: { id: command.id, at: command.now } }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(state: AssignmentState, event: AssignmentEvent): AssignmentState {
    switch (event.type) {
      case 'AssignmentCreated':
        return { status: 'live', record: event.data, suspended: false, finished: false };
      case 'AssignmentUpdated':
        return state.status === 'live'
          ? { ...state, record: { ...state.record, ...event.data.changes } }
          : state;
      case 'AssignmentDeleted':
        return { status: 'deleted' };
      case 'AssignmentSuspended':
        return state.status === 'live' ? { ...state, suspended: true } : state;
      case 'AssignmentResumed':
        return state.status === 'live' ? { ...state, suspended: false } : state;
      case 'AssignmentFinished':
        return state.status === 'live' ? { ...state, finished: true, suspended: false } : state;
      default:
        return state;
    }
  },
};

function update(
  record: AssignmentRecord,
  command: Extract<AssignmentCommand, { type: 'update' }>,
  now: Date,
): AssignmentEvent[] {
  const given = Object.fromEntries(
    Object.entries(command.changes).filter(([, value]) => value !== undefined),
  ) as Partial<AssignmentFields>;
  // Sent but unchanged (the edit form sends every field) keeps the questions as they were copied, so
  // a form saved after its quiz was edited or deleted does not copy it again.
  const resolveSources = SOURCE_FIELDS.some((field) => field in given && !same(given[field], record[field]));
  // Likewise a class sent unchanged is not looked up again (it may have been deleted since).
  const studentsFromClass =
    'class_id' in given && given.class_id !== record.class_id && !('students' in given);
  const { id: _id, components, ...current } = record;
  const merged = { ...current, ...given } as AssignmentFields;
  // A form sends no moment for "start now" or "no end": the stored one stays, so a form saved again
  // neither moves the start (which students' attempts were decided against) nor records a change.
  if (merged.starting_at_type === 'now' && record.starting_at_type === 'now' && merged.starting_at === null) {
    merged.starting_at = record.starting_at;
  }
  if (merged.ending_at_type === 'without' && merged.ending_at === null) merged.ending_at = record.ending_at;
  const next = buildAssignment(record.id, merged, command.references, now, {
    resolveSources,
    studentsFromClass,
  });
  if (!resolveSources) next.components = components;
  const forbidden = forbiddenChanges(record, next, command.work, now);
  if (Object.keys(forbidden).length > 0) throw new ValidationError('The given data was invalid.', forbidden);
  const changes = Object.fromEntries(
    Object.entries(next).filter(
      ([key, value]) => key !== 'id' && !same(value, record[key as keyof AssignmentRecord]),
    ),
  );
  // Nothing changed: no event, so saving an untouched form neither conflicts nor grows the stream.
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'AssignmentUpdated', data: { id: record.id, changes } }];
}

/**
 * A new assignment with the source's settings, people and copied questions. Its dates start again
 * from now where they were "now" and "without" end; dated ones are kept.
 */
function cloneOf(source: AssignmentRecord, id: string, now: Date): AssignmentRecord {
  const days = ASSIGNMENT_DEFAULT_DAYS * 24 * 60 * 60 * 1000;
  return {
    ...source,
    id,
    starting_at: source.starting_at_type === 'now' ? now.toISOString() : source.starting_at,
    ending_at:
      source.ending_at_type === 'without' ? new Date(now.getTime() + days).toISOString() : source.ending_at,
  };
}
