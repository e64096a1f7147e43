import { z } from 'zod';
import { instant } from '../instants';
import { defineContract, defineEvent } from '../registry';
import { recordEvents } from './reference';

/**
 * Anti-plagiarism (docs/antiplagiarism.md): groups of a school's classes whose work is compared with
 * each other (`antiplagiarism_group-<id>`, record events), and the results of a check
 * (`antiplagiarism_check-<taskId>`): what was compared, then one event per checked answer and one per
 * answer of another assignment that some answer matched. A check's results are appended in one batch
 * at its end, so a report never shows half a check.
 */
const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Неверный идентификатор');
const at = instant();

export const antiplagiarismGroupSchema = z.object({
  name: z.string().trim().min(1, 'Поле обязательно').max(200),
  description: z.string().trim().max(2000).nullable().default(null),
  class_ids: z
    .array(id)
    .min(1, 'Выберите хотя бы один класс')
    .max(200)
    .transform((ids) => [...new Set(ids)]),
});
export type AntiplagiarismGroupFields = z.infer<typeof antiplagiarismGroupSchema>;
export const AntiplagiarismGroupEvents = recordEvents('AntiplagiarismGroup', antiplagiarismGroupSchema);

/** Which questions were compared: the flagged ones, or every text question when none is flagged. */
export const ANTIPLAGIARISM_MODES = ['flagged', 'all-text'] as const;
export type AntiplagiarismMode = (typeof ANTIPLAGIARISM_MODES)[number];
/** checked: judged; too_short: under the word minimum, never called copied. */
export const ANTIPLAGIARISM_VERDICTS = ['checked', 'too_short'] as const;
export type AntiplagiarismVerdict = (typeof ANTIPLAGIARISM_VERDICTS)[number];
export const ANTIPLAGIARISM_ANSWER_KINDS = ['text', 'code'] as const;

/** A matched stretch: character ranges [start, end) of the answer and of its source. */
export const antiplagiarismFragmentSchema = z.object({
  start: z.int().min(0),
  end: z.int().min(0),
  source_start: z.int().min(0),
  source_end: z.int().min(0),
});
export type AntiplagiarismFragment = z.infer<typeof antiplagiarismFragmentSchema>;

const answerRef = {
  /** `<assignment>:<student>:<component>`: one student's latest answer to one question. */
  answer_key: z.string().min(1).max(200),
  assignment_id: id,
  student_id: id,
  component_id: id,
  /** When the student wrote it (their last change): which of two matching answers came first. */
  answered_at: at,
};

export const antiplagiarismSourceSchema = z.object({
  ...answerRef,
  /** Share of the answer's fingerprints found in this source, per cent. */
  similarity: z.number().min(0).max(100),
  fragments: z.array(antiplagiarismFragmentSchema).max(500),
});
export type AntiplagiarismSource = z.infer<typeof antiplagiarismSourceSchema>;

const checkRef = { check_id: id, school_id: id, assignment_id: id };

export const AntiplagiarismCheckSummarized = defineEvent({
  type: 'AntiplagiarismCheckSummarized',
  version: 1,
  schema: z.object({
    ...checkRef,
    owner_id: id,
    mode: z.enum(ANTIPLAGIARISM_MODES),
    questions: z.array(z.object({ component_id: id, title: z.string().max(300) })).max(2000),
    /** Assignments of the classes sharing a group with this one's class, compared as sources. */
    compared_assignments: z.array(id).max(5000),
    answers: z.int().min(0),
    sources: z.int().min(0),
    at,
  }),
});
export const AntiplagiarismAnswerChecked = defineEvent({
  type: 'AntiplagiarismAnswerChecked',
  version: 1,
  schema: z.object({
    ...checkRef,
    ...answerRef,
    kind: z.enum(ANTIPLAGIARISM_ANSWER_KINDS),
    /** The text as it was compared (fragments point into it). */
    text: z.string().max(50_000),
    words: z.int().min(0),
    verdict: z.enum(ANTIPLAGIARISM_VERDICTS),
    /** Share of its fingerprints found in no other student's answer, per cent; null when too short. */
    originality: z.number().min(0).max(100).nullable(),
    /** Strongest first; at most five. */
    sources: z.array(antiplagiarismSourceSchema).max(5),
  }),
});
/** The text of another assignment's answer that some answer matched (this assignment's are above). */
export const AntiplagiarismSourceRecorded = defineEvent({
  type: 'AntiplagiarismSourceRecorded',
  version: 1,
  schema: z.object({ ...checkRef, ...answerRef, text: z.string().max(50_000) }),
});

export type AntiplagiarismCheckSummarizedData = z.infer<typeof AntiplagiarismCheckSummarized.schema>;
export type AntiplagiarismAnswerCheckedData = z.infer<typeof AntiplagiarismAnswerChecked.schema>;
export type AntiplagiarismSourceRecordedData = z.infer<typeof AntiplagiarismSourceRecorded.schema>;

export const antiplagiarismContract = defineContract({
  context: 'antiplagiarism',
  categories: ['antiplagiarism_group', 'antiplagiarism_check'],
  events: [
    ...[
      AntiplagiarismGroupEvents.created,
      AntiplagiarismGroupEvents.updated,
      AntiplagiarismGroupEvents.deleted,
    ],
    AntiplagiarismCheckSummarized,
    AntiplagiarismAnswerChecked,
    AntiplagiarismSourceRecorded,
  ],
});
