import type { AssignmentComponent, ResultCode } from '@sabaq/events';
import { isQuestionType } from '@sabaq/events';
import { NotFoundError, ValidationError } from '../../../platform/errors';
import { assignmentStatus } from '../assignments/status';
import { reviewerResultId, reviewerScoreId, scoreId } from '../ids';
import { studentScore, type Scoring } from './scoring';
import type {
  AssignmentView,
  AttemptState,
  ParticipationCommand,
  ParticipationEvent,
  ParticipationState,
} from './participation-types';

/**
 * The steps the participation decider is made of: a review's checks and events, the score events that
 * follow any change of the work, and the rules every command checks (open, the student's, the question
 * exists, the deadline).
 */
export const MINUTE_MS = 60_000;
export const invalid = (field: string, message: string) =>
  new ValidationError(message, { [field]: [message] });

export function review(
  command: Extract<ParticipationCommand, { type: 'Review' }>,
  state: ParticipationState,
  work: { assignment_id: string; student_id: string },
): ParticipationEvent[] {
  const result = state.attempts.flatMap((a) => a.results).find((r) => r.resultId === command.resultId);
  if (!result) throw new NotFoundError('Результат не найден');
  const component = componentOf(command.assignment, result.componentId);
  // Specification 001 §5: manual points are required and at most the question's maximum.
  if (command.points === undefined || Number.isNaN(command.points)) {
    throw invalid('points', 'Вы не ввели балл');
  }
  if (command.points > component.points) {
    throw invalid('points', 'Введенный балл не может превышать максимального');
  }
  if (command.points < 0) throw invalid('points', 'Балл не может быть меньше 0');
  const code: ResultCode = command.result ?? (command.points > 0 ? 3 : 2);
  const previous = state.reviews.find(
    (r) => r.resultId === result.resultId && r.reviewerId === command.reviewerId,
  );
  if (previous && previous.points === command.points && previous.result === code) return [];
  return [
    {
      type: 'AssignmentReviewerResultRecorded',
      data: {
        ...work,
        reviewer_result_id: reviewerResultId(result.resultId, command.reviewerId),
        assignment_result_id: result.resultId,
        attempt_id: result.attemptId,
        reviewer_id: command.reviewerId,
        component_id: component.id,
        component_type: component.type,
        result: code,
        points: command.points,
      },
    },
  ];
}

/** The score follows every change of results or reviews; emitted only when it (or an attempt's points) moves. */
export function scoreEvents(
  command: ParticipationCommand,
  before: ParticipationState,
  events: ParticipationEvent[],
  reviewerId: string | undefined,
  /** The decider's evolve, handed in so that this file does not import the decider made of it. */
  evolve: (state: ParticipationState, event: ParticipationEvent) => ParticipationState,
): ParticipationEvent[] {
  const after = events.reduce(evolve, before);
  const { record } = command.assignment;
  const isQuestion = new Set(record.components.filter((c) => isQuestionType(c.type)).map((c) => c.id));
  const scoring: Scoring = { method: record.points_method_type, questionCount: isQuestion.size };
  // An attempt with its own selection is scored against its own questions.
  const attempts = after.attempts.map((a) =>
    a.components === null
      ? a
      : { ...a, questionCount: a.components.filter((id) => isQuestion.has(id)).length },
  );
  const work = { assignment_id: record.id, student_id: command.studentId };
  const out: ParticipationEvent[] = [];
  const total = studentScore(attempts, after.reviews, scoring);
  const pointsMoved = total.attempts.some((a) => after.attemptPoints[a.attempt_id] !== a.points);
  if (total.score !== null && (total.score !== after.score || pointsMoved)) {
    out.push({
      type: 'AssignmentScoreCalculated',
      data: {
        ...work,
        score_id: scoreId(record.id, command.studentId),
        score: total.score,
        attempts: total.attempts,
      },
    });
  }
  if (reviewerId !== undefined) {
    const own = studentScore(attempts, after.reviews, scoring, reviewerId);
    if (own.score !== null && own.score !== after.reviewerScores[reviewerId]) {
      out.push({
        type: 'AssignmentReviewerScoreCalculated',
        data: {
          ...work,
          reviewer_score_id: reviewerScoreId(record.id, command.studentId, reviewerId),
          reviewer_id: reviewerId,
          score: own.score,
        },
      });
    }
  }
  return out;
}

export function refuseUnlessOpen(assignment: AssignmentView, now: string, field: string): void {
  const status = assignmentStatus(assignment.record, assignment, new Date(now));
  if (status === 'suspended') throw invalid(field, 'Задание приостановлено');
  if (status === 'completed') throw invalid(field, 'Задание завершено');
  if (status === 'remaining') throw invalid(field, 'Задание ещё не началось');
}

export function requireStudent(assignment: AssignmentView, studentId: string): void {
  if (!assignment.record.students.includes(studentId)) throw new NotFoundError('Ученик не найден в задании');
}

export function componentOf(assignment: AssignmentView, componentId: string): AssignmentComponent {
  const component = assignment.record.components.find((c) => c.id === componentId);
  if (!component) throw invalid('component_id', 'В задании нет такого вопроса');
  return component;
}

/** complete_time plus the student's extra minutes from `from`; null when the time is unlimited. */
export function deadline(assignment: AssignmentView, extraMinutes: number, from: string): string | null {
  const minutes = assignment.record.complete_time;
  if (minutes === null) return null;
  return new Date(Date.parse(from) + (minutes + extraMinutes) * MINUTE_MS).toISOString();
}

export function expired(attempt: AttemptState, now: string): boolean {
  return attempt.endsAt !== null && Date.parse(now) >= Date.parse(attempt.endsAt);
}

export function finished(
  work: { assignment_id: string; student_id: string },
  attemptId: string,
  now: string,
  reason: 'student' | 'teacher' | 'time',
): ParticipationEvent {
  return {
    type: 'AssignmentAttemptFinished',
    data: { ...work, attempt_id: attemptId, finished_at: now, reason },
  };
}
