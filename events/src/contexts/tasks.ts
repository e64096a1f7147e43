import { z } from 'zod';
import { instant } from '../instants';
import { defineContract, defineEvent } from '../registry';

/**
 * Background tasks (specification 001 §2 "Task list side panel", §3 "Task", §4 task actions): one
 * stream per task, `task-<id>`. A task is made by its owner, taken by a worker, reports progress, and
 * ends completed or failed; its owner may suspend, resume or abort it.
 */
const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
const at = instant();

/** The specification's states; `failure` also ends an aborted task. */
export const TASK_STATES = ['new', 'process', 'completed', 'suspended', 'failure'] as const;
export type TaskState = (typeof TASK_STATES)[number];
export const TASK_KINDS = [
  'results-export',
  'students-import',
  'antiplagiarism-check',
  'questions-import',
] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const resultsExportParams = z.object({ assignment_id: id, format: z.enum(EXPORT_FORMATS) });
export type ResultsExportParams = z.infer<typeof resultsExportParams>;
/**
 * Which column of the file fills which field (0-based), as the import wizard's mapping step chose it;
 * without it the columns are found by their titles.
 */
export const importColumns = z.record(z.string().min(1).max(32), z.int().min(0).max(200));
export type ImportColumns = z.infer<typeof importColumns>;
/** The uploaded file waits in the object store until the import reads it. */
export const studentsImportParams = z.object({
  file_key: z.string().min(1).max(1024),
  file_name: z.string().min(1).max(255),
  format: z.enum(IMPORT_FORMATS),
  columns: importColumns.optional(),
});
export type StudentsImportParams = z.infer<typeof studentsImportParams>;
/** The assignment whose answers an anti-plagiarism check compares (docs/antiplagiarism.md). */
export const antiplagiarismCheckParams = z.object({ assignment_id: id, check: z.literal('antiplagiarism') });
export type AntiplagiarismCheckParams = z.infer<typeof antiplagiarismCheckParams>;
/** Questions from a table added to a quiz (docs/tasks.md "Questions import"). */
export const questionsImportParams = studentsImportParams.extend({ quiz_id: id });
export type QuestionsImportParams = z.infer<typeof questionsImportParams>;
// Questions before students: an object schema drops keys it does not know, so the wider one goes first.
export const taskParams = z.union([
  resultsExportParams,
  questionsImportParams,
  studentsImportParams,
  antiplagiarismCheckParams,
]);
export type TaskParams = z.infer<typeof taskParams>;

/** The file a finished task made, in the object store. */
export const taskFileSchema = z.object({
  key: z.string().min(1).max(1024),
  file_name: z.string().min(1).max(255),
  content_type: z.string().min(1).max(255),
  size: z.int().min(0),
});
export type TaskFile = z.infer<typeof taskFileSchema>;

export const TaskCreated = defineEvent({
  type: 'TaskCreated',
  version: 1,
  schema: z.object({
    id,
    owner_id: id,
    school_id: id.nullable(),
    kind: z.enum(TASK_KINDS),
    name: z.string().min(1).max(255),
    description: z.string().max(2000).nullable(),
    params: taskParams,
    created_at: at,
  }),
});
export const TaskStarted = defineEvent({
  type: 'TaskStarted',
  version: 1,
  schema: z.object({ id, at, total: z.int().min(0) }),
});
export const TaskProgressed = defineEvent({
  type: 'TaskProgressed',
  version: 1,
  schema: z.object({
    id,
    at,
    processed: z.int().min(0),
    total: z.int().min(0),
    /** A line for the task modal (001 §2: "optional appendix text"). */
    appendix: z.string().max(500).nullable(),
  }),
});
const byOwner = z.object({ id, at, by: id });
export const TaskSuspended = defineEvent({ type: 'TaskSuspended', version: 1, schema: byOwner });
export const TaskResumed = defineEvent({ type: 'TaskResumed', version: 1, schema: byOwner });
export const TaskAborted = defineEvent({ type: 'TaskAborted', version: 1, schema: byOwner });
export const TaskCompleted = defineEvent({
  type: 'TaskCompleted',
  version: 1,
  schema: z.object({ id, at, processed: z.int().min(0), file: taskFileSchema }),
});
export const TaskFailed = defineEvent({
  type: 'TaskFailed',
  version: 1,
  schema: z.object({ id, at, error: z.string().min(1).max(2000) }),
});

export type TaskCreatedData = z.infer<typeof TaskCreated.schema>;
export type TaskStartedData = z.infer<typeof TaskStarted.schema>;
export type TaskProgressedData = z.infer<typeof TaskProgressed.schema>;
export type TaskByOwnerData = z.infer<typeof byOwner>;
export type TaskCompletedData = z.infer<typeof TaskCompleted.schema>;
export type TaskFailedData = z.infer<typeof TaskFailed.schema>;

export const tasksContract = defineContract({
  context: 'tasks',
  categories: ['task'],
  events: [
    TaskCreated,
    TaskStarted,
    TaskProgressed,
    TaskSuspended,
    TaskResumed,
    TaskAborted,
    TaskCompleted,
    TaskFailed,
  ],
});
