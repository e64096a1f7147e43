import { assignmentSchema, changesOf, changesWithoutDefaults, classSchema } from '@sabaq/events';
import { z } from 'zod';
import { ForbiddenError } from '../../platform/errors';
import type { CollectionDefinition, RecordCommandHandler } from '../../platform/http/records/collection';
import { recordId } from '../../platform/http/records/list-query';
import { assignmentHandler } from './assignments/commands';
import { classHandler } from './classes/commands';
import {
  assignmentEntity,
  attemptEntity,
  classEntity,
  commentEntity,
  resultEntity,
  reviewerResultEntity,
  reviewerScoreEntity,
  scoreEntity,
} from './read-model/entities';
import { ASSIGNMENTS_PROJECTION } from './read-model/projection';
import { studentView } from './read-model/student-view';
import { TABLES } from './read-model/tables';
import { startAttempt } from './work/commands';
import { postComment } from './work/comments';

type Declared = Omit<CollectionDefinition, 'columns' | 'projection' | 'paging' | 'schoolScoped'>;

/** Every assignments collection: school-scoped, read from the one assignments projection. */
function collection(declared: Declared): CollectionDefinition {
  return {
    columns: {},
    projection: ASSIGNMENTS_PROJECTION,
    paging: { defaultLimit: 25, maxLimit: 100 },
    schoolScoped: true,
    ...declared,
  };
}

/** Work is started, answered, reviewed and finished through its own commands; it is never edited. */
const notEditable: RecordCommandHandler = async () => {
  throw new ForbiddenError('Forbidden');
};
/** Created through routes of their own (routes.ts); the record API's create never reaches these. */
const noCreate = z.strictObject({});

/** The answer and review bodies (their POST routes are answered by routes.ts). */
export const answerBody = z
  .object({
    assignment_attempt_id: recordId,
    component_id: recordId,
    component_type: z.string().min(1).max(32),
    /** The student's answer, shaped by the question's type (authoring's answer schemas). */
    answer: z.unknown().optional(),
  })
  .strict();
const resultCode = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export const reviewBody = z
  .object({
    assignment_result_id: recordId,
    // Specification 001 §5: required, message 'Вы не ввели балл'.
    points: z.number({ error: 'Вы не ввели балл' }),
    result: resultCode.optional(),
    // Sent by clients that echo the result; taken from the result itself, whatever is sent.
    assignment_id: recordId.optional(),
    assignment_attempt_id: recordId.optional(),
    student_id: recordId.optional(),
    component_id: recordId.optional(),
    component_type: z.string().max(32).optional(),
  })
  .strict();
export const commentBody = z
  .object({
    assignment_id: recordId,
    assignment_result_id: recordId.nullable().optional(),
    student_id: recordId.nullable().optional(),
    component_id: recordId.nullable().optional(),
    component_type: z.string().max(32).nullable().optional(),
    message: z.string().trim().min(1, 'Введите сообщение').max(10_000),
  })
  .strict();

const work = { id: 'string', assignment_id: 'string', student_id: 'string' } as const;
const oldestFirst = { field: 'created_at', direction: 'asc' } as const;

export function assignmentsCollections(clock: () => Date): CollectionDefinition[] {
  const classes = collection({
    name: 'classes',
    category: 'class',
    table: TABLES.classes,
    events: { created: 'ClassCreated', updated: 'ClassUpdated', deleted: 'ClassDeleted' },
    toEntity: classEntity,
    create: classSchema.strict(),
    update: changesOf(classSchema),
    filters: { id: 'string', type: 'string', owner_id: 'string' },
    sortable: ['id', 'name', 'created_at', 'updated_at', 'students_count'],
    defaultOrder: { field: 'name', direction: 'asc' },
    search: ['name', 'description'],
    handle: classHandler,
  });
  const assignments = collection({
    name: 'assignments',
    category: 'assignment',
    table: TABLES.assignments,
    events: { created: 'AssignmentCreated', updated: 'AssignmentUpdated', deleted: 'AssignmentDeleted' },
    toEntity: (row) => assignmentEntity(row, clock()),
    create: assignmentSchema.strict(),
    update: changesWithoutDefaults(assignmentSchema),
    filters: {
      id: 'string',
      type: 'string',
      access_type: 'string',
      class_id: 'string',
      owner_id: 'string',
      is_proctoring: 'boolean',
      is_suspended: 'boolean',
      is_finished: 'boolean',
    },
    sortable: ['id', 'name', 'created_at', 'updated_at', 'starting_at', 'ending_at'],
    defaultOrder: { field: 'created_at', direction: 'desc' },
    search: ['name', 'description'],
    handle: assignmentHandler,
  });
  const attempts = collection({
    name: 'assignment-attempts',
    category: 'participation',
    table: TABLES.attempts,
    events: {
      created: 'AssignmentAttemptStarted',
      updated: 'AssignmentAttemptFinished',
      deleted: 'AssignmentAttemptFinished',
    },
    toEntity: attemptEntity,
    present: studentView.attempts,
    create: z.object({ assignment_id: recordId }).strict(),
    update: noCreate,
    filters: { ...work, status: 'string' },
    sortable: ['id', 'number', 'started_at', 'created_at', 'points'],
    defaultOrder: { field: 'started_at', direction: 'asc' },
    handle: async (services, command, caller) => {
      if (command.type !== 'create') return notEditable(services, command, caller);
      await startAttempt(services, caller, command.id, String(command.data.assignment_id));
    },
  });
  const results = collection({
    name: 'assignment-results',
    category: 'participation',
    table: TABLES.results,
    events: {
      created: 'AssignmentResultRecorded',
      updated: 'AssignmentResultRecorded',
      deleted: 'AssignmentResultRecorded',
    },
    toEntity: resultEntity,
    present: studentView.results,
    create: answerBody,
    update: noCreate,
    filters: { ...work, assignment_attempt_id: 'string', component_id: 'string', result: 'integer' },
    sortable: ['id', 'created_at', 'updated_at', 'points'],
    defaultOrder: oldestFirst,
    handle: notEditable,
  });
  const scores = collection({
    name: 'assignment-scores',
    category: 'participation',
    table: TABLES.scores,
    events: {
      created: 'AssignmentScoreCalculated',
      updated: 'AssignmentScoreCalculated',
      deleted: 'AssignmentScoreCalculated',
    },
    toEntity: scoreEntity,
    present: studentView.scores,
    create: noCreate,
    update: noCreate,
    filters: work,
    sortable: ['id', 'score', 'created_at', 'updated_at'],
    defaultOrder: oldestFirst,
    handle: notEditable,
  });
  const reviewerResults = collection({
    name: 'assignment-reviewer-results',
    category: 'participation',
    table: TABLES.reviewerResults,
    events: {
      created: 'AssignmentReviewerResultRecorded',
      updated: 'AssignmentReviewerResultRecorded',
      deleted: 'AssignmentReviewerResultRecorded',
    },
    toEntity: reviewerResultEntity,
    present: studentView.reviewerResults,
    create: reviewBody,
    update: noCreate,
    filters: {
      ...work,
      assignment_result_id: 'string',
      assignment_attempt_id: 'string',
      assignment_reviewer_id: 'string',
    },
    sortable: ['id', 'created_at', 'updated_at', 'points'],
    defaultOrder: oldestFirst,
    handle: notEditable,
  });
  const reviewerScores = collection({
    name: 'assignment-reviewer-scores',
    category: 'participation',
    table: TABLES.reviewerScores,
    events: {
      created: 'AssignmentReviewerScoreCalculated',
      updated: 'AssignmentReviewerScoreCalculated',
      deleted: 'AssignmentReviewerScoreCalculated',
    },
    toEntity: reviewerScoreEntity,
    present: studentView.scores,
    create: noCreate,
    update: noCreate,
    filters: { ...work, reviewer_id: 'string' },
    sortable: ['id', 'score', 'created_at', 'updated_at'],
    defaultOrder: oldestFirst,
    handle: notEditable,
  });
  const comments = collection({
    name: 'assignment-comments',
    category: 'assignment_comment',
    table: TABLES.comments,
    events: {
      created: 'AssignmentCommentPosted',
      updated: 'AssignmentCommentPosted',
      deleted: 'AssignmentCommentPosted',
    },
    toEntity: commentEntity,
    create: commentBody,
    update: noCreate,
    filters: { ...work, assignment_result_id: 'string', user_id: 'string' },
    sortable: ['id', 'created_at'],
    defaultOrder: oldestFirst,
    handle: async (services, command, caller) => {
      if (command.type !== 'create') return notEditable(services, command, caller);
      // Why the cast: the record API parsed the body with this collection's `create` schema, and
      // RecordCommand carries it as a plain record.
      await postComment(
        services,
        caller,
        command.id,
        command.data as unknown as Parameters<typeof postComment>[3],
      );
    },
  });
  return [classes, assignments, attempts, results, scores, reviewerResults, reviewerScores, comments];
}

/** The collections with the wall clock, for code that only needs their declarations (tests, OpenAPI). */
export const assignmentCollections = assignmentsCollections(() => new Date());
/** The collections a student's work is kept in: readable by its student and the assignment's staff. */
export const WORK_COLLECTIONS = [
  'assignment-attempts',
  'assignment-results',
  'assignment-scores',
  'assignment-reviewer-results',
  'assignment-reviewer-scores',
  'assignment-comments',
] as const;
