import {
  decideRecord,
  evolveRecord,
  initialRecordState,
  type RecordCommand,
  type RecordEvent,
  type RecordState,
} from '../../../platform/http/records/decider';

export const CLASS_EVENTS = { created: 'ClassCreated', updated: 'ClassUpdated', deleted: 'ClassDeleted' };

export type ClassCommand = RecordCommand & {
  /** Who creates the class: a teacher who creates one teaches in it. */
  creator?: { userId: string; group: string };
};

const unique = (list: unknown) => (Array.isArray(list) ? [...new Set(list as string[])] : list);

/**
 * A class is a record (created, edited field by field, deleted) whose people lists hold each user
 * once, and whose creating teacher is one of its teachers.
 */
export const classDecider = {
  initialState: initialRecordState,
  decide(command: ClassCommand, state: RecordState): RecordEvent[] {
    if (command.type === 'create') {
      const { data } = command;
      const teachers = unique(data.teachers ?? []) as string[];
      if (command.creator?.group === 'teacher' && !teachers.includes(command.creator.userId)) {
        teachers.unshift(command.creator.userId);
      }
      const normalised = { ...data, teachers, students: unique(data.students ?? []) };
      return decideRecord({ ...command, data: normalised }, state, CLASS_EVENTS);
    }
    if (command.type === 'update') {
      const changes = { ...command.changes };
      for (const list of ['teachers', 'students'] as const) {
        if (list in changes) changes[list] = unique(changes[list]);
      }
      return decideRecord({ ...command, changes }, state, CLASS_EVENTS);
    }
    return decideRecord(command, state, CLASS_EVENTS);
  },
  evolve(state: RecordState, event: RecordEvent): RecordState {
    return evolveRecord(state, event, CLASS_EVENTS);
  },
};
