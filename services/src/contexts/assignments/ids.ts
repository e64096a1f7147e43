import { uuidV5 } from '../../platform/ids';

/**
 * Ids derived from what they identify, so that a retried or doubled command lands on the same record
 * and the same event id (the store's idempotency key) instead of making a second one.
 */
const derive = (...parts: string[]) => uuidV5(parts.join('\u001f'));

/** One student's work on one assignment is one stream. */
export const participationStream = (assignmentId: string, studentId: string) =>
  `participation-${derive('participation', assignmentId, studentId)}`;
export const assignmentStream = (assignmentId: string) => `assignment-${assignmentId}`;
export const classStream = (classId: string) => `class-${classId}`;
export const commentStream = (commentId: string) => `assignment_comment-${commentId}`;

/** One result per question per attempt: answering again replaces it. */
export const resultId = (attemptId: string, componentId: string) => derive('result', attemptId, componentId);
/** One score per student per assignment. */
export const scoreId = (assignmentId: string, studentId: string) => derive('score', assignmentId, studentId);
/** One reviewer result per result per reviewer: reviewing again replaces it. */
export const reviewerResultId = (resultId_: string, reviewerId: string) =>
  derive('reviewer-result', resultId_, reviewerId);
export const reviewerScoreId = (assignmentId: string, studentId: string, reviewerId: string) =>
  derive('reviewer-score', assignmentId, studentId, reviewerId);

/**
 * An event's id: the stream, the version the decision was made against, the command and the event's
 * place in the batch. Two identical commands decided against the same version make the same ids, so
 * the second append is recognised by the store as a retry and writes nothing.
 */
export const eventId = (stream: string, version: number, commandKey: string, index: number) =>
  derive('event', stream, String(version), commandKey, String(index));

/** A JSON text with sorted keys: the same answer sent twice gives the same text. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
