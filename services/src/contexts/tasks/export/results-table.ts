import { isEvent, type AssignmentComponent, type StoredEvent } from '@sabaq/events';

/** One student's line of the results export. */
export interface StudentResults {
  studentId: string;
  fullname: string;
  attempts: number;
  finished: boolean;
  score: number | null;
  /** Points per question of the student's last attempt (a reviewer's points where they reviewed). */
  points: (number | null)[];
}

/**
 * Folds one student's work stream (`participation-…`) into their line: the number of attempts,
 * whether they finished, their score, and the points of their last attempt per question. Pure.
 */
export function studentResults(
  studentId: string,
  fullname: string,
  work: readonly StoredEvent[],
  questions: readonly AssignmentComponent[],
): StudentResults {
  let attempts = 0;
  let last: string | undefined;
  let finished = false;
  let score: number | null = null;
  const results = new Map<string, number>();
  const reviews = new Map<string, number>();
  const key = (attempt: string, component: string) => `${attempt}\u001f${component}`;
  for (const event of work) {
    if (isEvent(event, 'AssignmentAttemptStarted')) {
      attempts += 1;
      last = event.data.attempt_id;
    } else if (isEvent(event, 'AssignmentResultRecorded')) {
      results.set(key(event.data.attempt_id, event.data.component_id), event.data.points);
    } else if (isEvent(event, 'AssignmentReviewerResultRecorded')) {
      reviews.set(key(event.data.attempt_id, event.data.component_id), event.data.points);
    } else if (isEvent(event, 'AssignmentAttemptFinished', 'AssignmentStudentFinished')) {
      finished = true;
    } else if (isEvent(event, 'AssignmentScoreCalculated')) {
      score = event.data.score;
    }
  }
  const points = questions.map((q) => {
    if (last === undefined) return null;
    const k = key(last, q.id);
    return reviews.get(k) ?? results.get(k) ?? null;
  });
  return { studentId, fullname, attempts, finished, score, points };
}

/** The header line: fixed columns, then each question with its maximum. */
export function headerOf(questions: readonly AssignmentComponent[]): string[] {
  return [
    'ФИО',
    'ID ученика',
    'Попыток',
    'Завершено',
    'Балл',
    ...questions.map((q, i) => `Вопрос ${i + 1} (макс. ${q.points})`),
  ];
}

export function cellsOf(row: StudentResults): (string | number)[] {
  return [
    row.fullname,
    row.studentId,
    row.attempts,
    row.finished ? 'да' : 'нет',
    row.score ?? '',
    ...row.points.map((p) => p ?? ''),
  ];
}
